/** Routes of the spec's candidate and interview-note calls (section 7), plus a candidate's history. */
import { z } from 'zod';
import {
  candidateDtoSchema,
  candidateEventSchema,
  candidateErasureSchema,
  candidatePatchSchema,
  createInterviewNoteSchema,
  dedupNowResultSchema,
  deduplicateResultSchema,
  importSummarySchema,
  interviewDayQuerySchema,
  interviewEntryDtoSchema,
  interviewNoteDtoSchema,
  updateInterviewNoteSchema,
} from '../schemas/candidate-api.schema';
import type { RouteDef } from './contract';

/** Multipart upload limits of POST /api/candidates/import. */
export const IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  maxFiles: 10,
  /** Rows read from one file; the rest are refused with an error naming the file. */
  maxRowsPerFile: 100_000,
} as const;

export const candidateRoutes = {
  listCandidates: { method: 'GET', path: '/api/candidates', response: z.array(candidateDtoSchema) },
  updateCandidate: { method: 'PATCH', path: '/api/candidates/:id', body: candidatePatchSchema, response: candidateDtoSchema },
  candidateHistory: { method: 'GET', path: '/api/candidates/:id/history', response: z.array(candidateEventSchema) },
  eraseCandidate: { method: 'POST', path: '/api/candidates/:id/erase', response: candidateErasureSchema },
  /** One or more `file` parts; `?tz=` is the zone for dates written without one (default UTC). */
  importCandidates: {
    method: 'POST',
    path: '/api/candidates/import',
    fileField: 'file',
    // Never refused here: the files are on disk by then, and only the route itself removes them.
    query: z.object({ tz: z.string().optional().catch(undefined) }),
    response: importSummarySchema,
  },
  deduplicateCandidates: { method: 'POST', path: '/api/candidates/deduplicate', response: deduplicateResultSchema },
  dedupNow: { method: 'POST', path: '/api/candidates/dedup-now', response: dedupNowResultSchema },

  interviewDay: {
    method: 'GET',
    path: '/api/interview-notes/day/:date',
    query: interviewDayQuerySchema,
    response: z.array(interviewEntryDtoSchema),
  },
  createInterviewNote: {
    method: 'POST',
    path: '/api/interview-notes',
    body: createInterviewNoteSchema,
    response: interviewNoteDtoSchema,
  },
  updateInterviewNote: {
    method: 'PATCH',
    path: '/api/interview-notes/:id',
    body: updateInterviewNoteSchema,
    response: interviewNoteDtoSchema,
  },
} as const satisfies Record<string, RouteDef>;
