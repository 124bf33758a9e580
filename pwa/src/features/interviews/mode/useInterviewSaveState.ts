/**
 * Interview mode's "saved on this device / synced" line: a change of the interview is synced once no
 * outbox entry for it waits; a change the server refused is named with its reason.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '@/db/app-db';

export interface InterviewSaveState {
  /** Changes of this interview on the device not yet taken by the server. */
  pending: number;
  /** The latest refusal of a change of this interview, if any. */
  refused: string | null;
}

const isFor = (uid: string) => (entry: { args: unknown }) => (entry.args as { uid?: unknown } | null)?.uid === uid;

export function useInterviewSaveState(uid: string): InterviewSaveState | undefined {
  return useLiveQuery(async () => {
    const [pending, refused] = await Promise.all([appDb.outbox.filter(isFor(uid)).count(), appDb.rejected.filter(isFor(uid)).toArray()]);
    return { pending, refused: refused.at(-1)?.reason ?? null };
  }, [uid]);
}
