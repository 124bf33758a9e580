/**
 * The candidates chosen on the Candidates table for a bulk action (UI state only). A click on a row's
 * checkbox toggles it and becomes the anchor; a shift-click sets every row between the anchor and it
 * to the clicked row's new state. "Select all N matching" puts in every candidate the filters pass,
 * on every page.
 */
import { create } from 'zustand';

export interface SelectionState {
  selected: ReadonlySet<string>;
  /** The row last clicked without shift: one end of a shift-click range. */
  anchor: string | null;
  toggle(uid: string): void;
  /** Shift-click on `uid`: the rows from the anchor to it (in `visibleOrder`) all take its new state. */
  toggleRange(uid: string, visibleOrder: readonly string[]): void;
  setMany(uids: Iterable<string>, on: boolean): void;
  clear(): void;
}

export const useCandidateSelection = create<SelectionState>((set, get) => ({
  selected: new Set(),
  anchor: null,
  toggle(uid) {
    const selected = new Set(get().selected);
    if (selected.has(uid)) selected.delete(uid);
    else selected.add(uid);
    set({ selected, anchor: uid });
  },
  toggleRange(uid, visibleOrder) {
    const { anchor } = get();
    const from = anchor === null ? -1 : visibleOrder.indexOf(anchor);
    const to = visibleOrder.indexOf(uid);
    if (from === -1 || to === -1) return get().toggle(uid);
    const on = !get().selected.has(uid);
    const [start, end] = from < to ? [from, to] : [to, from];
    get().setMany(visibleOrder.slice(start, end + 1), on);
    set({ anchor: uid });
  },
  setMany(uids, on) {
    const selected = new Set(get().selected);
    for (const uid of uids) {
      if (on) selected.add(uid);
      else selected.delete(uid);
    }
    set({ selected });
  },
  clear: () => set({ selected: new Set(), anchor: null }),
}));
