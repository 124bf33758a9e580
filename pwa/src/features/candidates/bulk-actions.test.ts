import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import type { BulkItem } from '@shared/mutations/candidates-bulk';
import { toastQueue } from '@/ui/toast/toast-queue';
import { bulkChangeStatus, bulkDelete, bulkTurnDown } from './bulk-actions';
import type { CandidatesRepo } from './repo';

const confirmAction = vi.hoisted(() => vi.fn<(request: { title: string }) => Promise<boolean>>());
vi.mock('@/ui/confirm', () => ({ confirmAction }));

const STAMP = /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} P[SD]T\] /;

/** A repo whose bulk records each call's items and answers one stamp per call. */
function fakeRepo() {
  const calls: BulkItem[][] = [];
  const bulk = vi.fn(async (items: readonly BulkItem[]) => {
    calls.push([...items]);
    return [{ items: [...items], hlc: `stamp-${calls.length}` }];
  });
  return { repo: { bulk } as unknown as CandidatesRepo, calls };
}

const toasts = () => toastQueue.getSnapshot().map((t) => [t.title, t.description]);
const undo = () => toastQueue.getSnapshot().find((t) => t.action?.label === 'Undo')!.action!.onClick();

afterEach(() => {
  while (toastQueue.getSnapshot().length) toastQueue.dismiss();
  confirmAction.mockReset();
});

describe('bulk actions', () => {
  it('moves the selected to a status, each with its line, leaving out those already there; Undo puts each back', async () => {
    const { repo, calls } = fakeRepo();
    const ann = makeCandidate({ name: 'Ann', status: 'new', statusChangedAt: '2026-11-01T10:00:00.000Z' });
    const bob = makeCandidate({ name: 'Bob', status: 'interview', statusChangedAt: '2026-11-02T10:00:00.000Z' });
    const cy = makeCandidate({ name: 'Cy', status: 'hired' });
    expect(await bulkChangeStatus([ann, bob, cy], 'hired', { repo })).toBe(true);
    expect(calls[0]!.map((item) => [item.kind, item.uid, 'status' in item && item.status])).toEqual([
      ['setStatus', ann.uid, 'hired'],
      ['setStatus', bob.uid, 'hired'],
    ]);
    const lines = calls[0]!.map((item) => ('noteLine' in item ? item.noteLine : undefined));
    expect(lines[0]).toMatch(new RegExp(`${STAMP.source}Status updated from new to hired$`));
    expect(lines[1]).toMatch(new RegExp(`${STAMP.source}Status updated from interview to hired$`));
    expect(toasts()).toEqual([['Status Updated', '2 candidates moved to Hired']]);

    undo();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual([
      { kind: 'undoStatus', uid: ann.uid, status: 'new', statusChangedAt: ann.statusChangedAt, noteLine: lines[0] },
      { kind: 'undoStatus', uid: bob.uid, status: 'interview', statusChangedAt: bob.statusChangedAt, noteLine: lines[1] },
    ]);
    await vi.waitFor(() => expect(toasts()).toContainEqual(['Change undone', '2 candidates back as they were']));
  });

  it('says so, and writes nothing, when every selected candidate is already in that stage', async () => {
    const { repo, calls } = fakeRepo();
    expect(await bulkChangeStatus([makeCandidate({ status: 'hired' })], 'hired', { repo })).toBe(false);
    expect(calls).toEqual([]);
    expect(toasts()).toEqual([['Nothing to change', 'The selected candidates are already in Hired.']]);
  });

  it('turns down after one confirmation for all, or not at all', async () => {
    const { repo, calls } = fakeRepo();
    const picked = [makeCandidate({ status: 'new' }), makeCandidate({ status: 'interview' })];
    confirmAction.mockResolvedValueOnce(false);
    expect(await bulkTurnDown(picked, { repo })).toBe(false);
    expect(calls).toEqual([]);
    confirmAction.mockResolvedValueOnce(true);
    expect(await bulkTurnDown(picked, { repo })).toBe(true);
    expect(confirmAction).toHaveBeenCalledTimes(2);
    expect(confirmAction.mock.calls[1]![0].title).toBe('Move 2 candidates to Turned Down?');
    expect(calls[0]!.every((item) => item.kind === 'setStatus' && item.status === 'rejected' && /Candidate marked as turned down \(status rejected\)$/.test(item.noteLine!))).toBe(true);
  });

  it("deletes after one confirmation, and Undo names the stamp of the write that deleted each", async () => {
    const { repo, calls } = fakeRepo();
    const picked = [makeCandidate(), makeCandidate()];
    confirmAction.mockResolvedValueOnce(true);
    expect(await bulkDelete(picked, { repo })).toBe(true);
    expect(calls[0]).toEqual(picked.map((c) => ({ kind: 'delete', uid: c.uid })));
    expect(toasts()).toEqual([['Candidates Deleted', '2 candidates deleted']]);
    undo();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual(picked.map((c) => ({ kind: 'undoDelete', uid: c.uid, deleteHlc: 'stamp-1' })));
  });
});
