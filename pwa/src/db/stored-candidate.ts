/**
 * The candidates table's stored form: each row as IndexedDB keeps it, smaller than the row the app
 * reads and writes, and turned back into that row on every read. Everything above it — Dexie's own
 * layers, the change feed (candidate-mirror/change-feed.ts), the sync engine, the screens — sees
 * LocalCandidate as database.ts declares it; only the bytes on disk change.
 *
 * Why: the browser's IndexedDB backend set the pace of a large import (README, Benchmarks), and its
 * cost per row steps up by a fifth to a quarter once a row passes about 450 bytes of JSON. A row made
 * here was 622 bytes: every field name written out in every row, an id and deletedAt that are null, and
 * createdAt and statusChangedAt that repeat updatedAt. Stored with short names for the fields no index
 * reads and without the values it implies, it is about 390; with its own writes as one key (below),
 * about 325 (`npm run bench:stored-row` prints what each form costs the backend).
 *
 * Its own writes: a row's run of pending own writes (`ownWrites`) and `localOnly` are stored together
 * as one array, `r` = [localOnly ? 1 : 0, from, through, count] (or [1] for a row made here without a
 * run), the key of the table's one index for them (own-writes-index.ts: OWN_RUN_INDEX). Two indexes, one for
 * each, gave every row made here two index entries beyond the baseline's: the backend's index updates
 * cost twice the baseline's; one entry less is about a twentieth of the backend's CPU for an import.
 *
 * In interview: a row whose status is interview is stored with `inInterview: 1`, whatever the row
 * written said, the key of the table's sparse index the Interviews page reads (IN_INTERVIEW_INDEX), and
 * read back with it (toLocalCandidate sets it too, for Dexie's live queries: database.ts). An index of
 * every row's status, as version 12 had, cost a pulled row a tenth to a fifth more of the backend's
 * CPU (`npm run bench:stored-row`).
 *
 * The form is lossless: reading a stored row gives back the row that was written, every field with its
 * value (test: stored-candidate.test.ts), and `inInterview` as its status says. A row is stored this
 * way only when it has every field of a candidate (a Candidate plus emailKey); anything else is stored
 * as it came, with or without `inInterview` as its status says. Rows stored before this
 * form existed have `name`, not `n`, and are read as they are; version 12 rewrote those with own
 * writes, which the run index must find (database.ts).
 */
import type { DBCore, DBCoreAddRequest, DBCoreCursor, DBCoreMutateResponse, DBCorePutRequest, DBCoreTable, Middleware } from 'dexie';
import type { LocalCandidate } from './database';

const TABLE = 'candidates';

/** The key of the candidates' sparse index of the rows in interview (see the module comment). */
export const IN_INTERVIEW_INDEX = 'inInterview';

/** A row's key in that index: 1 when its status is interview, else none (no entry). */
export const inInterviewKey = (status: unknown): 1 | undefined => (status === 'interview' ? 1 : undefined);

/**
 * How each field of a row is stored. Under its own name: the ones the indexes read (uid, emailKey;
 * localOnly and ownWrites go into `r`, see above), and status, which an index read until version 14.
 * Under a short name: the rest, six of them left out when they hold what the row implies — id and
 * deletedAt null, notes empty, the email equal to its normalised key, createdAt and statusChangedAt
 * equal to updatedAt.
 *
 *   id i*  name n  email e*  phone p  location l  appliedDate a  statusChangedAt sc*  source s
 *   experience x  skills k  notes o*  userId u  fieldClocks c  createdAt ca*  updatedAt t  deletedAt d*
 *
 * toStoredCandidate and fromStoredCandidate spell this table out field by field (a loop over it cost
 * twice as much per row: the import writes 100,000 of them on the page's main thread).
 */
const ROW_FIELDS = [
  'id', 'uid', 'name', 'email', 'phone', 'location', 'status', 'appliedDate', 'statusChangedAt', 'source',
  'experience', 'skills', 'notes', 'userId', 'fieldClocks', 'createdAt', 'updatedAt', 'deletedAt', 'emailKey',
] as const satisfies ReadonlyArray<keyof LocalCandidate>;

/** The fields toStoredCandidate stores by name: the row's, and the interview key it derives from the status. */
const KEPT_APART = new Set<string>([...ROW_FIELDS, IN_INTERVIEW_INDEX]);
/**
 * The names a stored row gives the fields above. No other field of a row may take one of them (a
 * field a later version adds included): it would be read back as the field it names here.
 */
const STORED_NAMES = new Set(['i', 'uid', 'n', 'e', 'p', 'l', 'status', 'a', 'sc', 's', 'x', 'k', 'o', 'u', 'c', 'ca', 't', 'd', 'emailKey', 'r']);

/** The row's own writes as its stored `r` (see the module comment); undefined when it has none, or when they are not what a row holds. */
function ownWritesKey(localOnly: unknown, ownWrites: unknown): number[] | undefined {
  if (localOnly !== undefined && localOnly !== 1) return undefined;
  if (ownWrites === undefined) return localOnly === 1 ? [1] : undefined;
  if (typeof ownWrites !== 'object' || ownWrites === null || Object.keys(ownWrites).length !== 3) return undefined;
  const { from, through, count } = ownWrites as Record<string, unknown>;
  if (!isMutationNumber(from) || !isMutationNumber(through) || !isMutationNumber(count)) return undefined;
  return [localOnly === 1 ? 1 : 0, from, through, count];
}

const isMutationNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

type Row = Record<(typeof ROW_FIELDS)[number], unknown> & Record<string, unknown>;

/** Whether a value is a row the compact form can hold: a plain object with every field of a stored candidate. */
function isCandidateRow(value: unknown): value is Row {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const field of ROW_FIELDS) if (!Object.prototype.hasOwnProperty.call(value, field)) return false;
  return true;
}

/** A value that is not a whole row, with the interview key its status gives it (and none other). */
function withInterviewKey(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { inInterview, ...rest } = value as Record<string, unknown>;
  const key = inInterviewKey(rest.status);
  if (inInterview === key) return value;
  return key ? { ...rest, inInterview: key } : rest;
}

/** A row as IndexedDB stores it (see the module comment); a value that is not a whole candidate row, as it is. */
export function toStoredCandidate(value: unknown): unknown {
  if (!isCandidateRow(value)) return withInterviewKey(value);
  const row = value;
  const stored: Record<string, unknown> = {
    uid: row.uid,
    status: row.status,
    emailKey: row.emailKey,
    n: row.name,
    p: row.phone,
    l: row.location,
    a: row.appliedDate,
    s: row.source,
    x: row.experience,
    k: row.skills,
    u: row.userId,
    c: row.fieldClocks,
    t: row.updatedAt,
  };
  if (row.id !== null) stored.i = row.id;
  if (row.email !== row.emailKey) stored.e = row.email;
  if (row.statusChangedAt !== row.updatedAt) stored.sc = row.statusChangedAt;
  if (row.notes !== '') stored.o = row.notes;
  if (row.createdAt !== row.updatedAt) stored.ca = row.createdAt;
  if (row.deletedAt !== null) stored.d = row.deletedAt;
  const own = ownWritesKey(row.localOnly, row.ownWrites);
  if (own) stored.r = own;
  if (inInterviewKey(row.status)) stored.inInterview = 1;
  // The rest (a field a later version adds; localOnly and ownWrites unless in `r`) as it is.
  for (const field in row) if (!KEPT_APART.has(field) && !(own && (field === 'localOnly' || field === 'ownWrites'))) stored[field] = row[field];
  return stored;
}

/** The row a stored value holds (toStoredCandidate's inverse); a row stored in full, or not a row, as it is. */
export function fromStoredCandidate(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('n' in value)) return value;
  const s = value as Record<string, unknown>;
  // An object literal in the row's declared order (V8 keeps its fields in place: database.ts, fromLocalCandidate).
  const row: Record<string, unknown> = {
    id: 'i' in s ? s.i : null,
    uid: s.uid,
    name: s.n,
    email: 'e' in s ? s.e : s.emailKey,
    phone: s.p,
    location: s.l,
    status: s.status,
    appliedDate: s.a,
    statusChangedAt: 'sc' in s ? s.sc : s.t,
    source: s.s,
    experience: s.x,
    skills: s.k,
    notes: 'o' in s ? s.o : '',
    userId: s.u,
    fieldClocks: s.c,
    createdAt: 'ca' in s ? s.ca : s.t,
    updatedAt: s.t,
    deletedAt: 'd' in s ? s.d : null,
    emailKey: s.emailKey,
  };
  const own = s.r as number[] | undefined;
  if (own) {
    if (own[0] === 1) row.localOnly = 1;
    if (own.length === 4) row.ownWrites = { from: own[1], through: own[2], count: own[3] };
  }
  for (const field in s) if (!STORED_NAMES.has(field)) row[field] = s[field];
  return row;
}

/** A cursor whose value is read back as a row, once per position (the same object each time it is asked). */
function readingCursor(cursor: DBCoreCursor): DBCoreCursor {
  let stored: unknown;
  let row: unknown;
  return Object.create(cursor, {
    value: {
      get() {
        const value = cursor.value;
        if (value !== stored) {
          stored = value;
          row = fromStoredCandidate(value);
        }
        return row;
      },
    },
  }) as DBCoreCursor;
}

/**
 * Adds or puts rows without reading each request's result. Dexie's own mutate answers every put's key
 * by reading `request.result`, and Chromium keeps a weak global handle for each request whose result
 * was read until its transaction ends: an import's or a sync's transactions write thousands of rows,
 * and V8 walks those handles in every full collection, the main thread's longest tasks of an online
 * import (`npm run bench:import`). A candidate's key is its own `uid` (the table's keyPath), so the keys
 * are known without asking: this layer issues all but the last request itself, counting the ones that
 * fail as Dexie does, and sends the last through Dexie, which resolves once it is done (a transaction's
 * requests complete in order) within Dexie's zone, so the caller's transaction carries on as before.
 */
function mutateWithoutResults(table: DBCoreTable, req: DBCoreAddRequest | DBCorePutRequest): Promise<DBCoreMutateResponse> {
  // Each row's stored form is made as its request is sent, and left: IndexedDB has its copy once put()
  // returns, and a batch's forms held until its last request was done lived long enough to be moved to
  // the old generation, garbage there (the uid answered below is the row's own: the stored form keeps it).
  const values = req.values as ReadonlyArray<{ uid?: unknown }>;
  const last = values.length - 1;
  const trans = req.trans as unknown as IDBTransaction;
  const requests: IDBRequest[] = [];
  const failures: Record<number, Error> = {};
  let numFailures = 0;
  // One listener for all of them, on the transaction, in the capture phase: it hears a request's error
  // before the request and before Dexie's own handler on the transaction (which would fail the whole
  // transaction). A handler on each request, as Dexie sets, was one more closure per row, held from the
  // browser's side until the transaction ended: old-generation garbage after (bench:import's online run
  // reached a full collection fewer with one listener).
  const onError = (event: Event) => {
    const i = requests.indexOf(event.target as IDBRequest);
    if (i < 0) return; // not one of these (Dexie's request for the last row handles its own)
    numFailures++;
    failures[i] = requests[i]!.error!;
    // As Dexie's mutate does: a failed put is reported, not left to abort the transaction.
    event.stopPropagation();
    event.preventDefault();
  };
  const stopListening = () => trans.removeEventListener('error', onError, { capture: true });
  trans.addEventListener('error', onError, { capture: true });
  try {
    const store = trans.objectStore(TABLE);
    for (let i = 0; i < last; i++) {
      const stored = toStoredCandidate(values[i]);
      requests.push(req.type === 'put' ? store.put(stored) : store.add(stored));
    }
  } catch (error) {
    stopListening();
    // A row IndexedDB refuses outright (no key, a value it cannot clone), as Dexie's mutate answers it.
    return Promise.reject(error);
  }
  return table.mutate({ ...req, values: [toStoredCandidate(values[last])] }).then(
    (tail) => {
      stopListening();
      if (tail.numFailures > 0) failures[last] = tail.failures[0]!;
      return {
        numFailures: numFailures + tail.numFailures,
        failures,
        results: values.map((value, i) => (i in failures ? undefined : value.uid)),
        lastResult: tail.lastResult,
      };
    },
    (error: unknown) => {
      stopListening();
      throw error;
    },
  );
}

function storedCandidates(table: DBCoreTable): DBCoreTable {
  const keyPath = table.schema.primaryKey.keyPath;
  return {
    ...table,
    mutate: (req) => {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      if (keyPath === 'uid' && !req.keys && req.values.length > 1) return mutateWithoutResults(table, req);
      return table.mutate({ ...req, values: req.values.map(toStoredCandidate) });
    },
    get: (req) => table.get(req).then(fromStoredCandidate),
    getMany: (req) => table.getMany(req).then((values) => values.map(fromStoredCandidate)),
    query: (req) => table.query(req).then((res) => (req.values ? { ...res, result: res.result.map(fromStoredCandidate) } : res)),
    openCursor: (req) => table.openCursor(req).then((cursor) => (cursor && req.values ? readingCursor(cursor) : cursor)),
  };
}

/**
 * Registered by RepHireDb before it opens, below every other layer (Dexie's included), so that each of
 * them sees the rows the app writes, never their stored form.
 */
export const candidateStorageMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CandidateStorage',
  level: -10,
  create(down) {
    return {
      ...down,
      table: (tableName) => (tableName === TABLE ? storedCandidates(down.table(tableName)) : down.table(tableName)),
    };
  },
};
