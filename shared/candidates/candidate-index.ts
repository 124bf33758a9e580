/**
 * A precomputed view of a candidate list for the filter, search and sort functions. Building it does all
 * the per-candidate string work once (lower-casing, digits, parsed dates, phone region), so filtering
 * 100,000 candidates on each keystroke is only substring checks. A screen builds the index when its
 * candidate list changes (`useMemo(() => indexCandidates(list), [list])`) and reuses it for every
 * filter, search and sort change.
 */
import { CANDIDATE_STATUSES, type CandidateStatus } from '../schemas/candidate.schema';
import { appliedTime, type CandidateView } from './candidate-view';
import { classifyPhoneRegion, type PhoneRegion } from './location-filter';
import { phoneDigits } from './phone';
import { TextPool } from './text-pool';

export interface IndexedCandidate<C extends CandidateView = CandidateView> {
  readonly candidate: C;
  /** Lower-cased copies of the text fields ('' when missing). */
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly location: string;
  readonly source: string;
  readonly experience: string;
  readonly skills: string;
  readonly notes: string;
  readonly status: CandidateStatus;
  /** Digits of the phone, for phone-like searches and sorting by phone. */
  readonly phoneDigits: string;
  /** Lower-cased name with accents removed: the sort key, so 'Élodie' sorts with the E's. */
  readonly nameSortKey: string;
  /** Pipeline position of the status (new first, rejected last). */
  readonly statusRank: number;
  /** appliedDate as epoch ms; NaN when missing or unparseable. */
  readonly appliedAt: number;
  readonly region: PhoneRegion;
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
 * `copy`, or `text` itself when they read the same (one string instead of two equal ones: the index
 * keeps an entry per candidate, and every string in it is one more for each garbage collection).
 */
const sameOr = (copy: string, text: string) => (copy === text ? text : copy);

export function indexCandidate<C extends CandidateView>(candidate: C): IndexedCandidate<C> {
  const name = lower(candidate.name);
  return {
    candidate,
    name,
    email: sameOr(lower(candidate.email).trim(), candidate.email),
    phone: sameOr(lower(candidate.phone), candidate.phone ?? ''),
    location: pooledLower(candidate.location),
    source: pooledLower(candidate.source),
    experience: pooledLower(candidate.experience),
    skills: pooledLower(candidate.skills),
    notes: sameOr(lower(candidate.notes), candidate.notes ?? ''),
    status: candidate.status,
    phoneDigits: phoneDigits(candidate.phone),
    nameSortKey: sameOr(foldText((candidate.name ?? '').trim()), name),
    statusRank: STATUS_RANK.get(candidate.status) ?? CANDIDATE_STATUSES.length,
    appliedAt: appliedTime(candidate),
    region: classifyPhoneRegion(candidate.phone),
  };
}

/** The candidate's fields an index entry is built from: a change to any other field keeps the entry's values. */
export const INDEXED_FIELDS = ['name', 'email', 'phone', 'location', 'source', 'experience', 'skills', 'notes', 'status', 'appliedDate'] as const;

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
