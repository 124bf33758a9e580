/**
 * The candidates' index of their own writes (OWN_RUN_INDEX) and the queries the sync engine asks of it:
 * the rows made here, the runs of pending own writes, a run's rows. Keys only: no row is read (and a
 * run's rows come from the candidate mirror when it can tell).
 */
import type { OwnWrites, RepHireDb } from './database';
import { getMeta } from './meta';

/**
 * A candidate's own writes, as the stored row's `r` (stored-candidate.ts): [1 if localOnly else 0,
 * first and last mutation of its run of pending own writes, how many], or [1] for a row made here
 * without a run. Rows made here come first ([1…]): the rebase removes them, the pull counts them
 * (`madeHere`). By its run whole: the pull checks a page of confirmations with one request per run
 * (sync/pull.ts), the rebase reads the runs by first mutation (sync/rebase.ts). Rows with neither are
 * not in it.
 */
export const OWN_RUN_INDEX = 'r';
/** A run's own key (its first and last mutation, how many), as confirmations name it. */
export const ownRunKey = (run: OwnWrites): [number, number, number] => [run.from, run.through, run.count];

/** The candidates made here (`localOnly`): the index's keys [1] and [1, …]. */
export function madeHere(db: RepHireDb) {
  return db.candidates.where(OWN_RUN_INDEX).between([1], [1, Infinity, Infinity, Infinity], true, true);
}

/**
 * The runs of own writes that began at or before mutation `mutationId`, each once (keys only: no row is
 * read). One range per localOnly value, each read on its own: Dexie reads anyOf and inAnyRange with a
 * cursor, a round trip to the database per row (100,000 of them after an import), where one range
 * asks for its unique keys in one request.
 */
export async function runsStartedBy(db: RepHireDb, mutationId: number): Promise<OwnWrites[]> {
  const ranges = await Promise.all(
    [0, 1].map(
      (local) =>
        db.candidates
          .where(OWN_RUN_INDEX)
          .between([local, -Infinity, -Infinity, -Infinity], [local, mutationId, Infinity, Infinity], true, true)
          .uniqueKeys() as unknown as Promise<number[][]>,
    ),
  );
  const runs = new Map<string, OwnWrites>();
  for (const [, from, through, count] of ranges.flat()) runs.set(`${from},${through},${count}`, { from: from!, through: through!, count: count! });
  return [...runs.values()];
}

/**
 * The uids of the candidates holding exactly this run of own writes, deleted ones too. Inside a
 * transaction over meta, before it writes candidates: the candidate mirror answers when it is at the
 * write version read here (candidate-mirror.ts), else the run index, one request per localOnly value
 * (see runsStartedBy). IndexedDB hands its keys to the page as external strings, each watched through a
 * weak handle until a full collection finds it dead: an import's sync read 220,000 of them here (102,000
 * checking its pull's confirmations, 118,000 giving the ids), and a full collection after them spent
 * 23–34 ms of its pause clearing weak handles and external strings (bench:import's online run, 29
 * November 2026).
 */
export async function holdersOfRun(db: RepHireDb, run: OwnWrites): Promise<string[]> {
  const mirror = db.candidateMirror;
  const held = mirror.ready ? mirror.holdersOfRun(run, await getMeta(db, 'candidatesVersion')) : null;
  if (held) return held;
  const key = ownRunKey(run);
  const [pulled, made] = await Promise.all([0, 1].map((local) => db.candidates.where(OWN_RUN_INDEX).equals([local, ...key]).primaryKeys()));
  return [...pulled!, ...made!];
}
