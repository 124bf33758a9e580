/**
 * Candidate rows ⇄ the shared record shape (shared/schemas/candidate.schema.ts), and the few queries
 * that read and write them. Every write is a shared mutation run over mutation-store.ts, which reads
 * and writes through these, so the server merges exactly as a device does. Batches are written with one
 * statement each (jsonb_populate_recordset), which keeps a 1,000-row import to a handful of round trips;
 * see batchParams for the form a batch travels in.
 */
import type { Knex } from 'knex';
import { CANDIDATE_LWW_FIELDS, type Candidate } from '@shared/schemas/candidate.schema';
import type { CandidateDto } from '@shared/schemas/candidate-api.schema';
import { normalizeEmail } from '@shared/candidates/email';
import {
  integerOrNull,
  jsonObject,
  readColumns,
  text,
  textOrEmpty,
  textOrNull,
  timestamp,
  timestampOrNull,
  type ColumnMap,
} from '../db/row-values';
import { rowJson } from '../db/row-json.sql';
import { EMAIL_LOCK_CLASS, NORMALISED_EMAIL_SQL, emailLockStripes } from './email';

/**
 * A stored candidate: a record with its server id. `erased`: erased for privacy (erase.service.ts), an
 * id-only tombstone that no write may touch again.
 */
export type StoredCandidate = Candidate & { id: number; erased?: true };

type Row = Record<string, unknown>;

/**
 * The candidates table's one column map: each field of the shared record, its column, and its type. The
 * REST shape (CandidateDto) is the record without its sync fields (SYNC_ONLY), in this order.
 */
const COLUMNS: ColumnMap<Candidate> = [
  ['uid', 'uid', text, 'fixed'],
  ['name', 'name', text],
  ['email', 'email', text],
  ['phone', 'phone', textOrNull],
  ['location', 'location', textOrNull],
  ['status', 'status', text],
  ['appliedDate', 'applied_date', timestamp],
  ['statusChangedAt', 'status_changed_at', timestampOrNull],
  ['source', 'source', textOrNull],
  ['experience', 'experience', textOrNull],
  ['skills', 'skills', textOrEmpty],
  ['notes', 'notes', textOrEmpty],
  ['userId', 'user_id', integerOrNull],
  ['createdAt', 'created_at', timestamp, 'fixed'],
  ['updatedAt', 'updated_at', timestamp],
  ['fieldClocks', 'field_clocks', jsonObject],
  ['deletedAt', 'deleted_at', timestampOrNull],
];
const SYNC_ONLY: ReadonlySet<Exclude<keyof Candidate, keyof CandidateDto>> = new Set(['fieldClocks', 'deletedAt']);
const DTO_COLUMNS = COLUMNS.filter(([field]) => !SYNC_ONLY.has(field as never));

/** A row as the query builder returns it (camelCase), or as row_to_json renders it (`by` 'column') → the shared record. */
function readCandidate(row: Row, by: 'field' | 'column'): StoredCandidate {
  const record: StoredCandidate = { id: Number(row.id), ...readColumns(COLUMNS, row, by) };
  if (row[by === 'field' ? 'erasedAt' : 'erased_at']) record.erased = true;
  return record;
}

/** A row as the query builder returns it (camelCase) → the shared record. */
export const rowToCandidate = (row: Row) => readCandidate(row, 'field');

/** The record as a snake_case JSON object for json(b)_populate_record(set)(NULL::candidates, …). */
function recordToJsonRow(record: Candidate, fieldClocks: unknown = record.fieldClocks): Row {
  const row: Row = { id: record.id ?? undefined };
  for (const [field, column] of COLUMNS) row[column!] = field === 'fieldClocks' ? fieldClocks : record[field];
  return row;
}

export function toCandidateDto(record: StoredCandidate): CandidateDto {
  const dto: Row = { id: record.id };
  for (const [field] of DTO_COLUMNS) dto[field] = record[field];
  return dto as CandidateDto;
}

/** The REST candidate (CandidateDto) of table alias `t`, rendered by PostgreSQL: toCandidateDto's twin. */
export const candidateDtoJson = (t: string) => rowJson(DTO_COLUMNS, t);

/**
 * The clocks of a jsonb field_clocks expression as a pull asked with sharedClocks sends them: the one
 * stamp they share when they name exactly the LWW fields and all hold it (shared/sync/shared-clocks.ts:
 * sharedStamp, the same rule), else in full. jsonb's equality compares keys and values, so the clocks
 * equal an object of the LWW fields all holding the first one's stamp only when that is what they are.
 */
export function sharedClocksSql(expr: string): string {
  const first = `${expr} -> '${CANDIDATE_LWW_FIELDS[0]}'`;
  const same = `jsonb_build_object(${CANDIDATE_LWW_FIELDS.map((field) => `'${field}', ${first}`).join(', ')})`;
  return `CASE WHEN ${expr} = ${same} THEN ${first} ELSE ${expr} END`;
}

const SHARED_CLOCK_COLUMNS: ColumnMap<Candidate> = COLUMNS.map((column) =>
  column[0] === 'fieldClocks' ? ([column[0], column[1], { ...column[2], sql: sharedClocksSql }] as const) : column,
);

/**
 * The synced candidate record (Candidate) of table alias `t`, rendered by PostgreSQL: rowToCandidate's
 * twin; with `sharedClocks`, its clocks as a pull asked so sends them (pulledCandidateSchema).
 */
export const candidateJson = (t: string, { sharedClocks = false } = {}) => rowJson(sharedClocks ? SHARED_CLOCK_COLUMNS : COLUMNS, t);

const WRITABLE = COLUMNS.map(([, column]) => column!);
const COLUMN_LIST = WRITABLE.join(', ');
/** Column values of the batch row `v` (batchParams): field_clocks is an index into `clocks.maps`. */
const batchValue = (column: string) => (column === 'field_clocks' ? 'clocks.maps -> (v.field_clocks)::int' : `v.${column}`);
const BATCH_SOURCE = 'jsonb_populate_recordset(NULL::candidates, ?::jsonb) v, (SELECT ?::jsonb AS maps) clocks';
const INSERT_VALUES = WRITABLE.map(batchValue).join(', ');
const UPDATE_SET = COLUMNS.filter(([, , , fixed]) => !fixed)
  .map(([, column]) => `${column} = ${batchValue(column!)}`)
  .join(', ');

/**
 * A batch of records as the two parameters of one statement: the rows as jsonb, each with field_clocks
 * replaced by an index into the second, the batch's distinct clock maps. An import stamps all the fields
 * of all its rows with one clock, and those maps were most of each row's bytes: sent once, PostgreSQL
 * parses them once. jsonb rather than json, as PostgreSQL then parses the text once up front instead of
 * looking each column up in it row by row. Together these cut the database's CPU for a 1,000-row insert
 * by about a third (to below that of COPY with the foreign key check).
 */
function batchParams(records: readonly Candidate[]): [string, string] {
  const clockMaps = new Map<string, number>();
  let last: { clocks: Record<string, string>; index: number } | undefined;
  const rows = records.map((record) => {
    // Consecutive rows mostly share their clocks: comparing them costs less than writing them out.
    if (!last || !sameClocks(record.fieldClocks, last.clocks)) {
      const json = JSON.stringify(record.fieldClocks);
      let index = clockMaps.get(json);
      if (index === undefined) clockMaps.set(json, (index = clockMaps.size));
      last = { clocks: record.fieldClocks, index };
    }
    return recordToJsonRow(record, last.index);
  });
  return [JSON.stringify(rows), `[${[...clockMaps.keys()].join(',')}]`];
}

function sameClocks(a: Record<string, string>, b: Record<string, string>): boolean {
  let count = 0;
  for (const field in a) {
    if (a[field] !== b[field]) return false;
    count += 1;
  }
  for (const _field in b) count -= 1;
  return count === 0;
}

/** A record of an insert was not made: a transaction that committed meanwhile holds its uid. */
export class UidTakenError extends Error {
  constructor(readonly uids: string[]) {
    super(`Candidate uid taken meanwhile: ${uids.join(', ')}`);
  }
}

/**
 * Inserts new records (id null); returns them with their ids, in the same order. A uid another
 * transaction inserted meanwhile (two creates of one uid racing) throws UidTakenError after waiting for
 * that transaction, leaving this one usable: the caller runs its mutation again and merges.
 */
export async function insertCandidates(trx: Knex, records: readonly Candidate[]): Promise<StoredCandidate[]> {
  if (records.length === 0) return [];
  const { rows } = await trx.raw(
    `INSERT INTO candidates (${COLUMN_LIST}) SELECT ${INSERT_VALUES} FROM ${BATCH_SOURCE} ON CONFLICT (uid) DO NOTHING RETURNING id, uid`,
    batchParams(records),
  );
  const ids = new Map<string, number>((rows as Array<{ id: number; uid: string }>).map((r) => [r.uid, Number(r.id)]));
  const taken = records.filter((record) => !ids.has(record.uid)).map((record) => record.uid);
  if (taken.length) throw new UidTakenError(taken);
  return records.map((record) => ({ ...record, id: ids.get(record.uid)! }));
}

/** Writes changed records back (every merged field, clocks and tombstone). */
export async function updateCandidates(trx: Knex, records: StoredCandidate[]): Promise<void> {
  if (records.length === 0) return;
  await trx.raw(`UPDATE candidates c SET ${UPDATE_SET} FROM ${BATCH_SOURCE} WHERE c.id = v.id`, batchParams(records));
}

export async function findCandidateByUid(trx: Knex, uid: string, forUpdate = false) {
  const query = trx('candidates').where({ uid }).first();
  const row = await (forUpdate ? query.forUpdate() : query);
  return row ? rowToCandidate(row) : undefined;
}

export async function findCandidateById(trx: Knex, id: number, forUpdate = false) {
  const query = trx('candidates').where({ id }).first();
  const row = await (forUpdate ? query.forUpdate() : query);
  return row ? rowToCandidate(row) : undefined;
}

/**
 * Looks candidates up key by key (a LATERAL index probe per key), so the cost grows with the number of
 * keys, never with the table: a plain `= ANY(keys)` lets the planner pick a sequential scan when the
 * expression index has no statistics yet (a freshly filled table), which made every lookup scan it all.
 */
function lookupByKeys(trx: Knex, keys: string[], keyType: 'uuid' | 'text', condition: string, forUpdate: boolean) {
  const lock = forUpdate ? ' FOR UPDATE' : '';
  return trx
    .select('c.*')
    .from(trx.raw(`unnest(?::${keyType}[]) AS k(key), LATERAL (SELECT * FROM candidates WHERE ${condition}${lock}) AS c`, [keys]));
}

/** Candidates by uid (locked when asked), erased tombstones included. */
export async function findCandidatesByUids(trx: Knex, uids: readonly string[], forUpdate = false): Promise<Map<string, StoredCandidate>> {
  const found = new Map<string, StoredCandidate>();
  if (uids.length === 0) return found;
  const rows = await lookupByKeys(trx, [...new Set(uids)], 'uuid', 'candidates.uid = k.key', forUpdate);
  for (const row of rows) found.set(row.uid, rowToCandidate(row));
  return found;
}

/** Every live candidate whose normalised email is one of `keys` (locked when asked). */
export async function findLiveCandidatesWithEmails(trx: Knex, keys: readonly string[], forUpdate = false): Promise<StoredCandidate[]> {
  if (keys.length === 0) return [];
  const normalised = [...new Set(keys.map(normalizeEmail))];
  const condition = `${NORMALISED_EMAIL_SQL.replace('email', 'candidates.email')} = k.key AND candidates.deleted_at IS NULL`;
  return (await lookupByKeys(trx, normalised, 'text', condition, forUpdate)).map(rowToCandidate);
}

/** A row as PostgreSQL's row_to_json renders it (snake_case) → the shared record. */
const candidateFromRowJson = (row: Row) => readCandidate(row, 'column');

export type ArrivalOutcome = { existing: StoredCandidate } | { inserted: StoredCandidate };

/**
 * For a single arrival (Zapier, a form): the live candidate with this email (most recently updated),
 * or — when there is none — the given record inserted; one call to the database function made by
 * migration 20261124000000_arrival_function, which takes the email's lock stripe first. Outside a
 * transaction it commits at once (the found row is not kept locked). An inserted row is the record as
 * sent plus its new id, so only the id comes back for it (the busiest case: nothing else to decode).
 */
export async function insertUnlessEmailExists(db: Knex, record: Candidate): Promise<ArrivalOutcome> {
  const [stripe] = emailLockStripes([record.email]);
  const { rows } = await db.raw(
    `SELECT (f.candidate).id, CASE WHEN f.found THEN row_to_json(f.candidate) END AS existing
       FROM rephire_insert_candidate_unless_email(?, ?, ?, ?::json) AS f`,
    [EMAIL_LOCK_CLASS, stripe!, normalizeEmail(record.email), JSON.stringify(recordToJsonRow(record))],
  );
  const row = rows[0] as { id: number; existing: Row | null };
  return row.existing ? { existing: candidateFromRowJson(row.existing) } : { inserted: { ...record, id: Number(row.id) } };
}

/**
 * insertUnlessEmailExists for several arrivals at once, in one statement and one commit (the function
 * of migration 20261126000000_arrival_batch_function). No two records may share a normalised email.
 * Answers in the records' order.
 */
export async function insertUnlessEmailsExist(db: Knex, records: Candidate[]): Promise<ArrivalOutcome[]> {
  const { rows } = await db.raw(`SELECT arrival_uid, inserted_id, existing FROM rephire_insert_candidates_unless_emails(?, ?::int[], ?::jsonb)`, [
    EMAIL_LOCK_CLASS,
    emailLockStripes(records.map((record) => record.email)),
    JSON.stringify(records.map((record) => ({ ...recordToJsonRow(record), email_key: normalizeEmail(record.email) }))),
  ]);
  const byUid = new Map((rows as Array<{ arrival_uid: string; inserted_id: number | null; existing: Row | null }>).map((row) => [row.arrival_uid, row]));
  return records.map((record) => {
    const row = byUid.get(record.uid);
    if (!row) throw new Error(`No answer for arrival ${record.uid}`);
    return row.existing ? { existing: candidateFromRowJson(row.existing) } : { inserted: { ...record, id: Number(row.inserted_id) } };
  });
}

/** Takes the email lock stripes of these emails for the rest of the transaction (see email.ts). */
export async function lockEmails(trx: Knex, emails: Iterable<string>): Promise<void> {
  const stripes = emailLockStripes(emails);
  if (stripes.length === 0) return;
  await trx.raw('SELECT pg_advisory_xact_lock(?, s) FROM unnest(?::int[]) AS s', [EMAIL_LOCK_CLASS, stripes]);
}
