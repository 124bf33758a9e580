/**
 * Which candidate the Schedule interview dialog is open for, when it is opened from a list (a Candidates
 * row, an Interviews card) rather than from the detail dialog: UI state only; the host on the page
 * renders the dialog.
 */
import { create } from 'zustand';

interface ScheduleRequest {
  candidateUid: string | null;
  open(candidateUid: string): void;
  close(): void;
}

export const useScheduleRequest = create<ScheduleRequest>((set) => ({
  candidateUid: null,
  open: (candidateUid) => set({ candidateUid }),
  close: () => set({ candidateUid: null }),
}));

export const openScheduleInterview = (candidateUid: string) => useScheduleRequest.getState().open(candidateUid);
