/**
 * The candidates table's stored form: each row as IndexedDB keeps it, smaller than the row the app
 * reads and writes, and turned back into that row on every read. Everything above it — Dexie's own
 * layers, the change feed (candidate-mirror/change-feed.ts), the sync engine, the screens — sees
 * LocalCandidate as database.ts declares it; only the bytes on disk change.
 *
 * Why: the browser's IndexedDB backend sets the pace of a large import (README, Benchmarks), and its
 * cost per row steps up by a fifth to a quarter once a row passes about 450 bytes of JSON. A row made
 * here was 622 bytes: every field name written out in every row, an id and deletedAt that are null, and
 * createdAt and statusChangedAt that repeat updatedAt. Stored with short names for the fields no index
 * reads and without the values it implies, it is about 390 (`npm run bench:stored-row` prints what each
 * form costs the backend).
 *
 * The form is lossless: reading a stored row gives back the row that was written, every field with its
 * value (test: stored-candidate.test.ts). A row is stored this way only when it has every field of a
 * candidate (a Candidate plus emailKey); anything else is stored as it came. Rows stored before this
 * form existed have `name`, not `n`, and are read as they are, so no upgrade rewrites the table.
 */
import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie';
import type { LocalCandidate } from './database';

const TABLE = 'candidates';

/**
 * Short names for the fields no index reads. The indexed ones (uid, emailKey, status, localOnly and
 * ownWrites: CANDIDATE_INDEXES) keep their names, which the indexes' key paths name.
 */
const SHORT_NAMES = {
  id: 'i',
  name: 'n',
  email: 'e',
  phone: 'p',
  location: 'l',
  appliedDate: 'a',
  statusChangedAt: 'sc',
  source: 's',
  experience: 'x',
  skills: 'k',
  notes: 'o',
  userId: 'u',
  fieldClocks: 'c',
  createdAt: 'ca',
  updatedAt: 't',
  deletedAt: 'd',
} as const satisfies Partial<Record<keyof LocalCandidate, string>>;

type ShortNamed = keyof typeof SHORT_NAMES;

/** The fields a stored row names in full (the indexed ones), in the order the row declares them. */
const KEPT_NAMES = ['uid', 'status', 'emailKey'] as const;

/** Every field a row needs to be stored in the compact form. */
const REQUIRED_FIELDS = [...Object.keys(SHORT_NAMES), ...KEPT_NAMES];

/** The names a compact stored row uses for the fields above: any other is copied as it is. */
const STORED_NAMES = new Set<string>([...Object.values(SHORT_NAMES), ...KEPT_NAMES]);

/**
 * The value a field takes when the stored row leaves it out: an id and deletedAt are null, notes
 * empty, the email its normalised key, createdAt and statusChangedAt the row's updatedAt.
 */
function impliedValue(field: string, row: Record<string, unknown>): unknown {
  switch (field) {
    case 'id':
    case 'deletedAt':
      return null;
    case 'notes':
      return '';
    case 'email':
      return row.emailKey;
    case 'createdAt':
    case 'statusChangedAt':
      return row.updatedAt;
    default:
      return undefined;
  }
}

const IMPLIED_FIELDS = new Set(['id', 'deletedAt', 'notes', 'email', 'createdAt', 'statusChangedAt']);

const hasOwn = (row: object, field: string) => Object.prototype.hasOwnProperty.call(row, field);

/** Whether a value is a row the compact form can hold: an object with every field of a stored candidate. */
function isCandidateRow(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && REQUIRED_FIELDS.every((field) => hasOwn(value, field));
}

/** A row as IndexedDB stores it (see the module comment); a value that is not a whole candidate row, as it is. */
export function toStoredCandidate(value: unknown): unknown {
  if (!isCandidateRow(value)) return value;
  const stored: Record<string, unknown> = {};
  for (const field of Object.keys(value)) {
    const fieldValue = value[field];
    if (IMPLIED_FIELDS.has(field) && fieldValue === impliedValue(field, value)) continue;
    stored[(SHORT_NAMES as Record<string, string>)[field] ?? field] = fieldValue;
  }
  return stored;
}

/** The row a stored value holds (toStoredCandidate's inverse); a row stored in full, or not a row, as it is. */
export function fromStoredCandidate(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !hasOwn(value, SHORT_NAMES.name)) return value;
  const s = value as Record<ShortNamed | (typeof KEPT_NAMES)[number], unknown> & Record<string, unknown>;
  const read = (field: ShortNamed) => (hasOwn(s, SHORT_NAMES[field]) ? s[SHORT_NAMES[field]] : impliedValue(field, { emailKey: s.emailKey, updatedAt: s.t }));
  // An object literal in the row's declared order (V8 keeps its fields in place: database.ts, fromLocalCandidate).
  const row: Record<string, unknown> = {
    id: read('id'),
    uid: s.uid,
    name: s.n,
    email: read('email'),
    phone: s.p,
    location: s.l,
    status: s.status,
    appliedDate: s.a,
    statusChangedAt: read('statusChangedAt'),
    source: s.s,
    experience: s.x,
    skills: s.k,
    notes: read('notes'),
    userId: s.u,
    fieldClocks: s.c,
    createdAt: read('createdAt'),
    updatedAt: s.t,
    deletedAt: read('deletedAt'),
    emailKey: s.emailKey,
  };
  // The rest (localOnly, ownWrites, a field a later version adds) as stored.
  for (const field of Object.keys(s)) if (!STORED_NAMES.has(field)) row[field] = s[field];
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

function storedCandidates(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate: (req) => table.mutate(req.type === 'add' || req.type === 'put' ? { ...req, values: req.values.map(toStoredCandidate) } : req),
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
