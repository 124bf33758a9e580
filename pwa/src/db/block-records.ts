/**
 * The candidateBlocks table's records and what a write does to them (candidate-blocks.ts is the Dexie
 * layer that reads and writes them): a block of rows (n ≥ 1), the blocks' version (n = 0), and a
 * block's gone list (n = -block). Pure: the layer sends what these plan.
 */
import type { DBCoreKeyRange } from 'dexie';
import type { BlockIndex, Row } from './block-index';

/** The key of the blocks' version record; blocks are numbered from 1. */
export const VERSION_KEY = 0;

export interface BlockRecord {
  n: number;
  /** The rows in their stored form (stored-candidate.ts), which names uid, emailKey and status as the row does. */
  rows: Row[];
}

export interface VersionRecord {
  n: typeof VERSION_KEY;
  v: string;
}

/**
 * The rows that moved from block `-n` to the table while its record was left as it is
 * (BlockIndex.leave): a short list, not the block read and written again (planBlockWrites).
 */
export interface GoneRecord {
  n: number;
  gone: string[];
}

/** The blocks' records, and their gone lists (keyed by the block's number, negated). */
export const BLOCK_KEYS: DBCoreKeyRange = { type: 2, lower: VERSION_KEY, lowerOpen: true, upper: undefined, upperOpen: false };
export const GONE_KEYS: DBCoreKeyRange = { type: 2, lower: -Infinity, lowerOpen: false, upper: VERSION_KEY, upperOpen: true };

/** Whether a row may be kept in a block: the server's version of a candidate, with nothing of this device's on it. */
export function isServerRow(value: unknown): value is Row {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Row;
  return typeof row.uid === 'string' && typeof row.id === 'number' && row.localOnly === undefined && row.ownWrites === undefined;
}

/** Which blocks a write reads and writes again, and which only lose rows to their gone lists. */
export interface BlockWritePlan {
  /** Each block's changes: a row's new version, or null when it leaves. */
  byBlock: Map<number, Map<string, Row | null>>;
  /** Blocks read, then written again without their gone rows. */
  rewritten: number[];
  /** Blocks rows only leave: listed as gone, or, when none would be left, deleted (neither needs a read). */
  leaving: Array<[number, string[]]>;
}

/**
 * Plans a write's changes to block rows. Rows that only leave a block for the table (a change of this
 * device's) are listed as gone while at most half its record would be: rewriting the block for them
 * would cost a block read and written per row moved, where a bulk change of 500 candidates spread over
 * a new device's 200 blocks would read and write all 100,000 of their rows in one task. Once more than
 * half would be gone, or a row in it changes in place, the block is written again without its gone
 * rows. So is every block in `purge`: a delete leaves no copy of a row behind (an erased candidate must
 * be gone from the device: erasure.ts), nor does it keep the block's other gone rows.
 */
export function planBlockWrites(index: BlockIndex, changes: Map<string, Row | null>, purge: readonly number[]): BlockWritePlan {
  const byBlock = new Map<number, Map<string, Row | null>>();
  for (const [uid, row] of changes) {
    const n = index.blockOf(uid)!;
    if (!byBlock.has(n)) byBlock.set(n, new Map());
    byBlock.get(n)!.set(uid, row);
  }
  for (const n of purge) if (!byBlock.has(n)) byBlock.set(n, new Map());
  const purged = new Set(purge);
  const rewritten: number[] = [];
  const leaving: Array<[number, string[]]> = [];
  for (const [n, blockChanges] of byBlock) {
    const removals = [...blockChanges.values()].every((row) => row === null);
    const goneAfter = index.goneFrom(n).length + blockChanges.size;
    const leaves = removals && !purged.has(n) && (goneAfter * 2 <= index.storedRows(n) || goneAfter === index.storedRows(n));
    if (leaves) leaving.push([n, [...blockChanges.keys()]]);
    else rewritten.push(n);
  }
  return { byBlock, rewritten, leaving };
}

/**
 * A block's rows once written again: its gone rows dropped, changed rows in their new version (`stored`
 * makes a row's stored form), rows that leave dropped; the others as they were stored.
 */
export function rowsAfter(before: readonly Row[], gone: ReadonlySet<string>, changes: Map<string, Row | null>, stored: (row: Row) => Row): Row[] {
  return before.flatMap((row) => {
    if (gone.has(row.uid)) return [];
    if (!changes.has(row.uid)) return [row];
    const now = changes.get(row.uid);
    return now ? [stored(now)] : [];
  });
}
