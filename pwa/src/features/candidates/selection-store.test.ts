import { beforeEach, describe, expect, it } from 'vitest';
import { useCandidateSelection } from './selection-store';

const selected = () => [...useCandidateSelection.getState().selected].sort();
const ROWS = ['a', 'b', 'c', 'd', 'e'];

beforeEach(() => useCandidateSelection.getState().clear());

describe('candidate selection', () => {
  it('toggles a row, and a shift-click sets the range from the last clicked row to its new state', () => {
    const { toggle, toggleRange } = useCandidateSelection.getState();
    toggle('b');
    toggleRange('d', ROWS);
    expect(selected()).toEqual(['b', 'c', 'd']);
    // Shift-click on a selected row clears the range back to the anchor (d), whichever way it runs.
    toggleRange('c', ROWS);
    expect(selected()).toEqual(['b']);
    toggle('b');
    expect(selected()).toEqual([]);
  });

  it('starts a range at the clicked row when there is no anchor on the page', () => {
    useCandidateSelection.getState().toggleRange('c', ROWS);
    expect(selected()).toEqual(['c']);
    useCandidateSelection.getState().toggleRange('e', ['x', 'y']);
    expect(selected()).toEqual(['c', 'e']);
  });

  it('selects and clears many at once', () => {
    const { setMany, clear } = useCandidateSelection.getState();
    setMany(ROWS, true);
    setMany(['a', 'e'], false);
    expect(selected()).toEqual(['b', 'c', 'd']);
    clear();
    expect(selected()).toEqual([]);
    expect(useCandidateSelection.getState().anchor).toBeNull();
  });
});
