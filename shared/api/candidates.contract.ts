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
import { routes } from './routes';

/** Multipart upload limits of POST /api/candidates/import. */
export const IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  maxFiles: 10,
  /** Rows read from one file; the rest are refused with an error naming the file. */
  maxRowsPerFile: 100_000,
} as const;

export const candidateRoutes = {
  listCandidates: { ...routes.listCandidates, response: z.array(candidateDtoSchema) },
  updateCandidate: { ...routes.updateCandidate, body: candidatePatchSchema, response: candidateDtoSchema },
  candidateHistory: { ...routes.candidateHistory, response: z.array(candidateEventSchema) },
  eraseCandidate: { ...routes.eraseCandidate, response: candidateErasureSchema },
  /** One or more `file` parts; `?tz=` is the zone for dates written without one (default UTC). */
  importCandidates: {
    ...routes.importCandidates,
    fileField: 'file',
    // Never refused here: the files are on disk by then, and only the route itself removes them.
    query: z.object({ tz: z.string().optional().catch(undefined) }),
    response: importSummarySchema,
  },
  deduplicateCandidates: { ...routes.deduplicateCandidates, response: deduplicateResultSchema },
  dedupNow: { ...routes.dedupNow, response: dedupNowResultSchema },

  interviewDay: {
    ...routes.interviewDay,
    query: interviewDayQuerySchema,
    response: z.array(interviewEntryDtoSchema),
  },
  createInterviewNote: {
    ...routes.createInterviewNote,
    body: createInterviewNoteSchema,
    response: interviewNoteDtoSchema,
  },
  updateInterviewNote: {
    ...routes.updateInterviewNote,
    body: updateInterviewNoteSchema,
    response: interviewNoteDtoSchema,
  },
} as const satisfies Record<string, RouteDef>;
