import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { ValidationError } from '@/db/repo-errors';
import { toastQueue } from '@/ui/toast/toast-queue';
import { changeStatus, saveCandidateChanges, turnDownCandidate } from './candidate-actions';
import type { CandidatesRepo } from './repo';

const confirmAction = vi.hoisted(() => vi.fn<(request: { title: string; description: string }) => Promise<boolean>>());
vi.mock('@/ui/confirm', () => ({ confirmAction }));

const STAMP = /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} P[SD]T\] /;

function fakeRepo(fail?: Error) {
  const act = vi.fn(async () => {
    if (fail) throw fail;
  });
  return { repo: { setStatus: act, updateCandidate: act, undoStatus: act } as unknown as CandidatesRepo, calls: act.mock.calls as unknown[][] };
}

const toasts = () => toastQueue.getSnapshot().map((t) => [t.title, t.description, t.variant]);
const undoOffered = () => toastQueue.getSnapshot()[0]?.action;
afterEach(() => {
  while (toastQueue.getSnapshot().length) toastQueue.dismiss();
  confirmAction.mockReset();
});

describe('changeStatus', () => {
  it('writes the status with a dated note line and says so', async () => {
    const { repo, calls } = fakeRepo();
    const candidate = makeCandidate({ status: 'new' });
    expect(await changeStatus(candidate, 'interview', repo)).toBe(true);
    expect(calls[0]![0]).toBe(candidate.uid);
    expect(calls[0]![1]).toBe('interview');
    expect(calls[0]![2]).toMatch(new RegExp(`${STAMP.source}Status updated from new to interview$`));
    expect(toasts()).toEqual([['Status Updated', 'Candidate pipeline stage has been updated', 'default']]);
  });

  it('does nothing for the same status, and reports a refused write as Update Failed', async () => {
    const same = fakeRepo();
    expect(await changeStatus(makeCandidate({ status: 'hired' }), 'hired', same.repo)).toBe(false);
    expect(same.calls).toHaveLength(0);
    const failing = fakeRepo(new ValidationError('Candidate not found', {}));
    expect(await changeStatus(makeCandidate(), 'hired', failing.repo)).toBe(false);
    expect(toasts()).toEqual([['Update Failed', 'Candidate not found', 'destructive']]);
  });
});

describe('turnDownCandidate', () => {
  it('asks first and leaves the candidate alone when the answer is no', async () => {
    confirmAction.mockResolvedValue(false);
    const { repo, calls } = fakeRepo();
    expect(await turnDownCandidate(makeCandidate({ name: 'Ann Lee' }), repo)).toBe(false);
    expect(confirmAction).toHaveBeenCalledWith(expect.objectContaining({ title: 'Move to Turned Down?' }));
    expect(confirmAction.mock.calls[0]![0].description).toMatch(/Ann Lee .*record is kept, but marked as rejected/);
    expect(calls).toHaveLength(0);
    expect(toasts()).toEqual([]);
  });

  it('moves the candidate to rejected with the turned-down line after a yes', async () => {
    confirmAction.mockResolvedValue(true);
    const { repo, calls } = fakeRepo();
    expect(await turnDownCandidate(makeCandidate(), repo)).toBe(true);
    expect(calls[0]![1]).toBe('rejected');
    expect(calls[0]![2]).toMatch(new RegExp(`${STAMP.source}Candidate marked as turned down \\(status rejected\\)$`));
    expect(toasts()).toEqual([['Candidate Turned Down', 'The candidate has been moved to the Turned Down stage', 'default']]);
  });
});

describe('saveCandidateChanges', () => {
  it('writes only the given fields, with the notes text the edit started from, and confirms', async () => {
    const { repo, calls } = fakeRepo();
    const candidate = makeCandidate({ status: 'new' });
    expect(await saveCandidateChanges(candidate, { changes: { notes: 'New note' }, notesBase: 'Old' }, repo)).toBe(true);
    expect(calls).toEqual([[candidate.uid, { notes: 'New note' }, { notesBase: 'Old' }]]);
    expect(toasts()).toEqual([['Candidate Updated', 'Candidate information has been updated successfully', 'default']]);
  });

  it('also applies a status chosen in the Status list, with its note line', async () => {
    const { repo, calls } = fakeRepo();
    const candidate = makeCandidate({ status: 'new' });
    expect(await saveCandidateChanges(candidate, { changes: { phone: '555-0100' }, status: 'interview' }, repo)).toBe(true);
    expect(calls[1]![0]).toBe(candidate.uid);
    expect(calls[1]![1]).toBe('interview');
    expect(calls[1]![2]).toMatch(new RegExp(`${STAMP.source}Status updated from new to interview$`));
    // Its toast offers Undo of the status change: the old status back, its line out.
    expect(toasts()).toEqual([['Candidate Updated', 'Candidate information has been updated successfully', 'default']]);
    expect(undoOffered()?.label).toBe('Undo');
    undoOffered()!.onClick();
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual([candidate.uid, { status: 'new', statusChangedAt: candidate.statusChangedAt ?? undefined, noteLine: calls[1]![2] }]);
  });

  it('offers no Undo when only fields were edited', async () => {
    const { repo } = fakeRepo();
    expect(await saveCandidateChanges(makeCandidate({ status: 'new' }), { changes: { phone: '555-0100' }, status: 'new' }, repo)).toBe(true);
    expect(undoOffered()).toBeUndefined();
  });

  it('saves a status chosen in the list when nothing else was edited', async () => {
    const { repo, calls } = fakeRepo();
    const candidate = makeCandidate({ status: 'new' });
    expect(await saveCandidateChanges(candidate, { changes: {}, status: 'hired' }, repo)).toBe(true);
    expect(calls.map((call) => call[1])).toEqual(['hired']);
    expect(toasts()).toEqual([['Status Updated', 'Candidate pipeline stage has been updated', 'default']]);
  });
});
