/**
 * The server side of the mutations' store (shared/mutations/store.ts), over Knex inside the caller's
 * transaction. Rows are read `FOR UPDATE`, so a mutation's read-merge-write is never interleaved with
 * another writer's; email look-ups first take the emails' lock stripes (email.ts), so two writers cannot
 * both create a candidate for one email. History events are buffered and written by `flush` with the
 * writer's name, once the candidates they belong to have their ids.
 */
import type { Knex } from 'knex';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { HistoryEvent, MutationStore, StoreCandidate } from '@shared/mutations/store';
import { recordEvents, type PendingEvent, type Writer } from './candidate-events';
import {
  findCandidatesByUids,
  findLiveCandidatesWithEmails,
  insertCandidates,
  lockEmails,
  updateCandidates,
} from './candidate.store';
import { putInterviewNoteRow, rowToInterviewNote } from './interview-note-rows';
import { findSavedView, putSavedView } from '../saved-views/saved-view.store';
import { getScorecardCriteria } from '../settings/app-settings.service';
import { findScheduledInterview, findScheduledInterviewsOf, isTeamMember, putScheduledInterview } from '../scheduled-interviews/scheduled-interview.store';

export class KnexMutationStore implements MutationStore {
  /** Server ids of the candidates this store has read or written, by uid. */
  private readonly ids = new Map<string, number>();
  private events: HistoryEvent[] = [];
  /** Uids of the candidates whose rows (or interview notes, or scheduled interviews) this store wrote. */
  readonly touched = new Set<string>();

  constructor(private readonly trx: Knex) {}

  private remember(candidates: ReadonlyArray<Candidate | undefined>) {
    for (const candidate of candidates) if (candidate?.id != null) this.ids.set(candidate.uid, candidate.id);
  }

  /** The id of a candidate the mutation already read (it always reads before it writes). */
  idOf(uid: string): number | undefined {
    return this.ids.get(uid);
  }

  async getCandidates(uids: readonly string[]): Promise<Array<StoreCandidate | undefined>> {
    const found = await findCandidatesByUids(this.trx, uids, true);
    this.remember([...found.values()]);
    return uids.map((uid) => found.get(uid));
  }

  async liveCandidatesByEmail(keys: readonly string[]): Promise<Candidate[]> {
    await lockEmails(this.trx, keys);
    const found = await findLiveCandidatesWithEmails(this.trx, keys, true);
    this.remember(found);
    return found;
  }

  async putCandidates(rows: readonly Candidate[]): Promise<void> {
    for (const row of rows) this.touched.add(row.uid);
    // Rows the store read have ids: those are updates; the others are new.
    const updates = rows.filter((row) => this.ids.has(row.uid)).map((row) => ({ ...row, id: this.ids.get(row.uid)! }));
    const inserts = rows.filter((row) => !this.ids.has(row.uid));
    this.remember(await insertCandidates(this.trx, inserts));
    await updateCandidates(this.trx, updates);
  }

  getSavedView(uid: string): Promise<SavedView | undefined> {
    return findSavedView(this.trx, uid);
  }

  putSavedView(row: SavedView): Promise<void> {
    return putSavedView(this.trx, row);
  }

  getScheduledInterview(uid: string): Promise<ScheduledInterview | undefined> {
    return findScheduledInterview(this.trx, uid);
  }

  async putScheduledInterview(row: ScheduledInterview): Promise<void> {
    const candidateId = this.ids.get(row.candidateUid);
    if (candidateId === undefined) throw new Error(`Scheduled interview for a candidate not read: ${row.candidateUid}`);
    this.touched.add(row.candidateUid);
    await putScheduledInterview(this.trx, row, candidateId);
  }

  async scheduledInterviewsOf(candidateUid: string): Promise<ScheduledInterview[]> {
    const candidateId = this.ids.get(candidateUid);
    if (candidateId === undefined) return [];
    return findScheduledInterviewsOf(this.trx, candidateId);
  }

  isTeamMember(userId: number): Promise<boolean> {
    return isTeamMember(this.trx, userId);
  }

  async scorecardCriterionIds(): Promise<ReadonlySet<string>> {
    return new Set((await getScorecardCriteria(this.trx)).map((criterion) => criterion.id));
  }

  async getInterviewNote(uid: string): Promise<InterviewNote | undefined> {
    const row = await this.trx('interview_notes as n')
      .join('candidates as c', 'c.id', 'n.candidateId')
      .where('n.uid', uid)
      .first('n.*', 'c.uid as candidateUid')
      .forUpdate('n');
    return row ? rowToInterviewNote(row, row.candidateUid) : undefined;
  }

  async liveInterviewNoteFor(candidateUid: string, day: string): Promise<InterviewNote | undefined> {
    const candidateId = this.ids.get(candidateUid);
    if (candidateId === undefined) return undefined;
    const row = await this.trx('interview_notes').where({ candidateId, day }).whereNull('deletedAt').first().forUpdate();
    return row ? rowToInterviewNote(row, candidateUid) : undefined;
  }

  async putInterviewNote(note: InterviewNote): Promise<void> {
    this.touched.add(note.candidateUid);
    const candidateId = this.ids.get(note.candidateUid);
    if (candidateId === undefined) throw new Error(`Interview note for a candidate not read: ${note.candidateUid}`);
    await putInterviewNoteRow(this.trx, note, candidateId);
  }

  async interviewNotesOf(candidateUid: string): Promise<InterviewNote[]> {
    const candidateId = this.ids.get(candidateUid);
    if (candidateId === undefined) return [];
    const rows = await this.trx('interview_notes').where({ candidateId }).whereNull('deletedAt').orderBy('day').forUpdate();
    return rows.map((row) => rowToInterviewNote(row, candidateUid));
  }

  recordEvents(events: readonly HistoryEvent[]): void {
    this.events.push(...events);
  }

  /** Writes the buffered history events, by `writer`. */
  async flush(writer: Writer): Promise<void> {
    const pending: PendingEvent[] = this.events.flatMap((event) => {
      const candidateId = this.ids.get(event.candidateUid);
      return candidateId === undefined ? [] : [{ ...event, candidateId }];
    });
    this.events = [];
    await recordEvents(this.trx, writer, pending);
  }
}
