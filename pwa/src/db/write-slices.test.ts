import { describe, expect, it, vi } from 'vitest';
import { WriteSlices } from './write-slices';

describe('write slices', () => {
  it('start at the most rows and stay there while slices are quick', () => {
    const slices = new WriteSlices(500, 50, 60);
    expect(slices.rows).toBe(500);
    slices.took(500, 30);
    expect(slices.rows).toBe(500);
  });

  it('shrink while slices take longer than the target, halfway each time, and grow back once quick', () => {
    const slices = new WriteSlices(500, 50, 60);
    slices.took(500, 300); // 100 rows would take 60 ms: halfway there
    expect(slices.rows).toBe(300);
    slices.took(300, 180);
    expect(slices.rows).toBe(200);
    slices.took(200, 20); // quick again: 600 would fit, capped at the most
    expect(slices.rows).toBe(400);
    slices.took(400, 20);
    expect(slices.rows).toBe(500);
  });

  it('never go below the fewest rows, and ignore a short last slice or an instant one', () => {
    const slices = new WriteSlices(500, 50, 60);
    for (let i = 0; i < 10; i += 1) slices.took(slices.rows, 5000);
    expect(slices.rows).toBe(50);
    slices.took(10, 0.1); // the end of a write: too few rows to go by
    expect(slices.rows).toBe(50);
    slices.took(50, 0);
    expect(slices.rows).toBe(275);
  });

  it('time a slice as it is sent and size the next by it', () => {
    const slices = new WriteSlices(500, 50, 60);
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    expect(slices.send(500, () => ((now += 300), 'sent'))).toBe('sent');
    expect(slices.rows).toBe(300);
    clock.mockRestore();
  });
});
