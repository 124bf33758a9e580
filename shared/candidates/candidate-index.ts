/**
 * A precomputed view of a candidate list for the filter, search and sort functions. Building it does all
 * the per-candidate string work once (lower-casing, parsed dates, phone region), so filtering 100,000
 * candidates on each keystroke is only substring checks (a phone's digits are matched in place:
 * digitsInclude, text-query.ts). A screen builds the index when its
 * candidate list changes (`useMemo(() => indexCandidates(list), [list])`) and reuses it for every
 * filter, search and sort change.
 */
import { CANDIDATE_STATUSES, type CandidateStatus } from '../schemas/candidate.schema';
import { appliedTime, type CandidateView } from './candidate-view';
import { classifyPhoneRegion, type PhoneRegion } from './location-filter';
import { StringMap } from './string-map';
import { TextPool } from './text-pool';

export interface IndexedCandidate<C extends CandidateView = CandidateView> {
  readonly candidate: C;
  /**
   * Lower-cased copies of the text fields ('' when missing). Not the name's: it is matched in place
   * (includesLowerCased, text-query.ts) and its sort key made when a sort order is built (nameSortKey).
   */
  readonly email: string;
  readonly phone: string;
  readonly location: string;
  readonly source: string;
  readonly experience: string;
  readonly skills: string;
  readonly notes: string;
  readonly status: CandidateStatus;
  /** Pipeline position of the status (new first, rejected last). */
  readonly statusRank: number;
  /** appliedDate as epoch ms, one box shared by every entry with the same date (AppliedTimes). */
  readonly appliedAt: AppliedTime;
  readonly region: PhoneRegion;
}

/** An applied date as epoch ms; NaN when missing or unparseable (appliedTime, candidate-view.ts). */
export interface AppliedTime {
  readonly ms: number;
}

const NON_ASCII = /[^\u0000-\u007f]/;
const COMBINING_MARKS = /\p{M}/gu;

/** Lower-cased, accents removed (only pays for normalisation when the text has non-ASCII characters). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(COMBINING_MARKS, '') : lower;
}

const STATUS_RANK = new Map<string, number>(CANDIDATE_STATUSES.map((status, rank) => [status, rank]));

function lower(value: string | null | undefined): string {
  return value ? value.toLowerCase() : '';
}

/** The lower-cased copies of the fields with few distinct values, one copy of each (text-pool.ts). */
const lowerTexts = new TextPool();
const pooledLower = (value: string | null | undefined) => lowerTexts.share(lower(value));

/**
 * One AppliedTime per distinct date text. V8 does not store a number field in place: each entry's
 * epoch ms was a heap object of its own (a HeapNumber, 300,000 for 300,000 candidates in memory, each
 * one more for every garbage collection to mark), where an import's rows share a handful of dates.
 * At most `capacity` texts are kept; past that, a date gets a box of its own, as before.
 */
class AppliedTimes {
  private static readonly NONE: AppliedTime = Object.freeze({ ms: Number.NaN });
  /** A StringMap, not a Map: a Map would internalize each date looked up (string-map.ts). */
  private readonly byText = new StringMap<AppliedTime>();

  constructor(private readonly capacity = 10_000) {}

  of(text: string | null | undefined): AppliedTime {
    if (!text) return AppliedTimes.NONE;
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const time: AppliedTime = Object.freeze({ ms: appliedTime({ appliedDate: text }) });
    if (this.byText.size < this.capacity) this.byText.set(text, time);
    return time;
  }
}

const appliedTimes = new AppliedTimes();

/**
 * `copy`, or `text` itself when they read the same (one string instead of two equal ones: the index
 * keeps an entry per candidate, and every string in it is one more for each garbage collection).
 */
const sameOr = (copy: string, text: string) => (copy === text ? text : copy);

/**
 * The name's sort key: lower-cased, accents removed, so 'Élodie' sorts with the E's. Made as a sort
 * order is built rather than kept in each entry: a lower-cased copy of every name was one more string
 * per candidate in memory for each garbage collection to mark.
 */
export function nameSortKey(candidate: Pick<CandidateView, 'name'>): string {
  return foldText((candidate.name ?? '').trim());
}

export function indexCandidate<C extends CandidateView>(candidate: C): IndexedCandidate<C> {
  return {
    candidate,
    email: sameOr(lower(candidate.email).trim(), candidate.email),
    phone: sameOr(lower(candidate.phone), candidate.phone ?? ''),
    location: pooledLower(candidate.location),
    source: pooledLower(candidate.source),
    experience: pooledLower(candidate.experience),
    skills: pooledLower(candidate.skills),
    notes: sameOr(lower(candidate.notes), candidate.notes ?? ''),
    status: candidate.status,
    statusRank: STATUS_RANK.get(candidate.status) ?? CANDIDATE_STATUSES.length,
    appliedAt: appliedTimes.of(candidate.appliedDate),
    region: classifyPhoneRegion(candidate.phone),
  };
}

/** The candidate's fields an index entry is built from: a change to any other field keeps the entry's values. */
export const INDEXED_FIELDS = ['email', 'phone', 'location', 'source', 'experience', 'skills', 'notes', 'status', 'appliedDate'] as const;

/**
 * The entry for a new version of the candidate behind `before`: the same values with the new candidate
 * when no indexed field changed (a sync confirming a row changes only its id and timestamps), else
 * built again.
 */
export function reindexCandidate<C extends CandidateView>(before: IndexedCandidate<C>, candidate: C): IndexedCandidate<C> {
  const same = INDEXED_FIELDS.every((field) => before.candidate[field] === candidate[field]);
  return same ? { ...before, candidate } : indexCandidate(candidate);
}

export function indexCandidates<C extends CandidateView>(candidates: readonly C[]): IndexedCandidate<C>[] {
  return candidates.map((candidate) => indexCandidate(candidate));
}

/** The candidates behind index entries, in the entries' order. */
export function unwrap<C extends CandidateView>(entries: readonly IndexedCandidate<C>[]): C[] {
  return entries.map((entry) => entry.candidate);
}
