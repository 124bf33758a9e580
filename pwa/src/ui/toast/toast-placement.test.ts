import { describe, expect, it } from 'vitest';
import { boxAt, chooseToastPlacement, type Box } from './toast-placement';

const VIEWPORT_HEIGHT = 800;
// A 400 × 80 card, right-aligned on a 1024 px wide screen.
const card: Box = { left: 608, right: 1008, top: 704, bottom: 784 };
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });

describe('toast placement', () => {
  it('keeps the preferred edge when nothing marked is under it', () => {
    expect(chooseToastPlacement({ card, viewportHeight: VIEWPORT_HEIGHT, avoid: [], preferred: 'bottom' })).toBe('bottom');
    // A pager on the left half of the bottom edge is not under a right-aligned card.
    const pager = box(16, 740, 500, 780);
    expect(chooseToastPlacement({ card, viewportHeight: VIEWPORT_HEIGHT, avoid: [pager], preferred: 'bottom' })).toBe('bottom');
  });

  it("moves to the top when it would cover a dialog's buttons at the bottom", () => {
    const dialogButtons = box(700, 720, 980, 760);
    expect(chooseToastPlacement({ card, viewportHeight: VIEWPORT_HEIGHT, avoid: [dialogButtons], preferred: 'bottom' })).toBe('top');
  });

  it('moves to the bottom on a phone when the top is taken', () => {
    const phoneCard = box(16, 16, 374, 96);
    const toolbar = box(0, 30, 390, 60);
    expect(chooseToastPlacement({ card: phoneCard, viewportHeight: 844, avoid: [toolbar], preferred: 'top' })).toBe('bottom');
  });

  it('takes the edge where it covers least when both would cover something', () => {
    const small = box(990, 20, 1000, 30); // 100 px² at the top
    const large = box(600, 700, 1000, 790); // most of the card at the bottom
    expect(chooseToastPlacement({ card, viewportHeight: VIEWPORT_HEIGHT, avoid: [small, large], preferred: 'bottom' })).toBe('top');
  });

  it('measures the top edge below the top bar', () => {
    // A pager at the bottom; a control just under a 56 px top bar would be covered only if the toast ignored the bar.
    const pager = box(0, 740, 1024, 780);
    const underBar = box(600, 60, 1024, 90);
    expect(chooseToastPlacement({ card, viewportHeight: VIEWPORT_HEIGHT, avoid: [pager], preferred: 'bottom', topInset: 56 })).toBe('top');
    expect(chooseToastPlacement({ card, viewportHeight: VIEWPORT_HEIGHT, avoid: [pager, underBar], preferred: 'bottom', topInset: 0 })).toBe('top');
    expect(boxAt('top', card, VIEWPORT_HEIGHT, 56)).toEqual(box(608, 72, 1008, 152));
  });

  it('places the card box at either edge with its size and horizontal position kept', () => {
    expect(boxAt('top', card, VIEWPORT_HEIGHT)).toEqual(box(608, 16, 1008, 96));
    expect(boxAt('bottom', card, VIEWPORT_HEIGHT)).toEqual(box(608, 704, 1008, 784));
  });
});
