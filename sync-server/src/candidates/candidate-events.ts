/**
 * The candidate history: every value a write overwrote, refused or removed (the shared merge functions
 * report them as FieldEvents), with who wrote it. Written in the same transaction as the write itself,
 * so a change is either visible in the candidate or kept here — never silently lost.
 */
import type { Knex } from 'knex';
import type { HistoryEvent as MutationHistoryEvent } from '@shared/mutations/store';
import type { CandidateEvent, WriteOrigin } from '@shared/schemas/candidate-api.schema';
import type { Role } from '@shared/schemas/user.schema';
import { toIso } from '../db/row-values';

/** Who is writing: a device's mutation, or one of the server-side writers. */
export interface Writer {
  origin: WriteOrigin;
  userId: number | null;
  clientId?: string;
  mutationId?: number;
  /** The integration key's name, for arrivals through an API key (Zapier, forms). */
  apiKeyName?: string;
  /** The signed-in user's role, for a device's push: the mutations check it (MutationContext.role). */
  role?: Role;
}

/** A lost, refused, merged or conflicting value (shared/mutations/store.ts), before it names its candidate. */
export type HistoryEvent = Omit<MutationHistoryEvent, 'candidateUid'>;

export interface PendingEvent extends HistoryEvent {
  candidateId: number;
  candidateUid: string;
}

/** Attaches events to their candidate; `field` renames them (an interview note's 'note' → 'interviewNote:day'). */
export function eventsFor(candidate: { id: number; uid: string }, events: HistoryEvent[], field?: string): PendingEvent[] {
  return events.map((event) => ({
    ...event,
    field: field ?? event.field,
    candidateId: candidate.id,
    candidateUid: candidate.uid,
  }));
}

export async function recordEvents(trx: Knex, writer: Writer, events: PendingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    candidate_id: event.candidateId,
    candidate_uid: event.candidateUid,
    field: event.field,
    kind: event.kind,
    // Wrapped so a lost null or string stays itself inside jsonb (see unwrap below).
    value: { v: event.value ?? null },
    clock: event.clock,
    origin: writer.origin,
    user_id: writer.userId,
    client_id: writer.clientId ?? null,
    mutation_id: writer.mutationId ?? null,
    api_key_name: writer.apiKeyName ?? null,
  }));
  await trx.raw(
    `INSERT INTO candidate_events (candidate_id, candidate_uid, field, kind, value, clock, origin, user_id, client_id, mutation_id, api_key_name)
       SELECT candidate_id, candidate_uid, field, kind, value, clock, origin, user_id, client_id, mutation_id, api_key_name
         FROM json_populate_recordset(NULL::candidate_events, ?::json)`,
    [JSON.stringify(rows)],
  );
}

export async function listCandidateEvents(db: Knex, candidateId: number): Promise<CandidateEvent[]> {
  const rows = await db('candidate_events as e')
    .leftJoin('users as u', 'u.id', 'e.userId')
    .where('e.candidateId', candidateId)
    .orderBy('e.id')
    .select('e.*', 'u.username', 'u.displayName');
  return rows.map((row) => ({
    id: Number(row.id),
    candidateId: Number(row.candidateId),
    candidateUid: row.candidateUid,
    field: row.field,
    kind: row.kind,
    value: (row.value as { v: unknown } | null)?.v ?? null,
    clock: row.clock ?? null,
    origin: row.origin,
    userId: row.userId ?? null,
    username: row.username ?? null,
    displayName: row.displayName ?? null,
    clientId: row.clientId ?? null,
    mutationId: row.mutationId ?? null,
    apiKeyName: row.apiKeyName ?? null,
    createdAt: toIso(row.createdAt),
  }));
}
