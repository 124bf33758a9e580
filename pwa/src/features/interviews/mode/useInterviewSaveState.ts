/**
 * Interview mode's "saved on this device / synced" line: a change of the interview is synced once no
 * outbox entry for it waits; a change the server refused is named with its reason.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '@/db/app-db';
import { OUTBOX_SUBJECT_INDEX, type RepHireDb } from '@/db/database';

export interface InterviewSaveState {
  /** Changes of this interview on the device not yet taken by the server. */
  pending: number;
  /** The latest refusal of a change of this interview, if any. */
  refused: string | null;
}

const isFor = (uid: string) => (entry: { args: unknown }) => (entry.args as { uid?: unknown } | null)?.uid === uid;

/**
 * The interview's state: its waiting changes through the outbox's index of the rows entries write, so
 * an import waiting to be sent (100 entries of 1,000 rows) is not read at every autosave. Refused
 * changes are few and kept until dismissed: read as they are.
 */
export async function interviewSaveState(db: RepHireDb, uid: string): Promise<InterviewSaveState> {
  const [pending, refused] = await Promise.all([db.outbox.where(OUTBOX_SUBJECT_INDEX).equals(uid).count(), db.rejected.filter(isFor(uid)).toArray()]);
  return { pending, refused: refused.at(-1)?.reason ?? null };
}

export function useInterviewSaveState(uid: string): InterviewSaveState | undefined {
  return useLiveQuery(() => interviewSaveState(appDb, uid), [uid]);
}
