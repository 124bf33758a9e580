/**
 * Typed access to the device's key/value state in the `meta` table. Called inside the caller's Dexie
 * transaction when it must change together with rows (ids, clocks, cursor).
 */
import type { ColumnMapping } from '@shared/import/column-mapping';
import type { ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import type { TeamMember, User } from '@shared/schemas/user.schema';
import { newUid } from '@shared/sync/ids';
import type { RepHireDb } from './database';

/**
 * The signed-in user this device belongs to (who creates local records; a change of user starts a new
 * sync client). The shell's remembered user (id, username, role, appearance) is enough.
 */
export type DeviceUser = Pick<User, 'id' | 'username'> & Partial<Omit<User, 'id' | 'username'>>;

export interface DeviceMeta {
  /** This device's sync identity; a new one after a wipe. */
  clientId: string;
  /** The id the next outbox mutation gets. */
  nextMutationId: number;
  /** The latest clock stamp issued here or seen in pulled rows; every write ticks past it. */
  hlc: string | null;
  /** The pull cursor (opaque), null before the first full pull. */
  cursor: string | null;
  /** From the last completed pull: this client's last mutation whose effects are in the pulled rows. */
  includedThrough: number;
  /** The highest mutation id the server says it has processed (applied or rejected); pushes send only later ones. */
  processedThrough: number;
  /** Set when a rejection removed an entry whose optimistic effect the next rebase must undo. */
  needsRebase: boolean;
  /** A full pull after the server answered `reset`: rows it does not return are removed at its end. */
  resyncing: boolean;
  lastSyncAt: string | null;
  lastError: string | null;
  /**
   * The last sync could not reach the server (no answer from it: a network down, a hotel wifi's login
   * page, a server restarting behind its proxy). Not an error: the changes wait and the engine retries.
   */
  unreachable: boolean;
  /** The server answered 401: syncing waits for the user to sign in again. */
  needsSignIn: boolean;
  owner: DeviceUser | null;
  /**
   * How many transactions have written candidates (db/candidate-mirror/change-feed.ts counts them): a reader that
   * applied every change up to this number holds what the table holds.
   */
  candidatesVersion: number;
  /**
   * Column mappings the user chose by hand in the import preview, by the file's header signature
   * (shared/import/column-mapping.ts), most recently chosen first. Wiped with the rest on sign-out.
   */
  importMappings: Array<{ signature: string; columns: ColumnMapping }>;
  /** The team's users (id and name) as last fetched online, to pick and show interviewers offline. */
  team: TeamMember[];
  /** The team's scorecard criteria as last fetched online (null before: the default), for interview mode offline. */
  scorecardCriteria: ScorecardCriterion[] | null;
}

const DEFAULTS: Omit<DeviceMeta, 'clientId'> = {
  nextMutationId: 1,
  hlc: null,
  cursor: null,
  includedThrough: 0,
  processedThrough: 0,
  needsRebase: false,
  resyncing: false,
  lastSyncAt: null,
  lastError: null,
  unreachable: false,
  needsSignIn: false,
  owner: null,
  candidatesVersion: 0,
  importMappings: [],
  team: [],
  scorecardCriteria: null,
};

export type MetaKey = keyof DeviceMeta;

type DefaultedKey = Exclude<MetaKey, 'clientId'>;

export async function getMeta<K extends DefaultedKey>(db: RepHireDb, key: K): Promise<DeviceMeta[K]> {
  const row = await db.meta.get(key);
  return (row === undefined ? DEFAULTS[key] : row.value) as DeviceMeta[K];
}

export async function setMeta<K extends MetaKey>(db: RepHireDb, key: K, value: DeviceMeta[K]): Promise<void> {
  await db.meta.put({ key, value });
}

/** This device's client id, made on first use (and after a wipe). Call inside a rw transaction on meta. */
export async function ensureClientId(db: RepHireDb): Promise<string> {
  const row = await db.meta.get('clientId');
  if (row) return row.value as string;
  const clientId = newUid();
  await db.meta.put({ key: 'clientId', value: clientId });
  return clientId;
}

/** The client id in its own transaction (for callers outside one). */
export function clientIdOf(db: RepHireDb): Promise<string> {
  return db.transaction('rw', db.meta, () => ensureClientId(db));
}
