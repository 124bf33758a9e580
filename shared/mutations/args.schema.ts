/**
 * The pieces mutation arguments are built from (see the modules beside this one for each mutation's
 * schema). Validated on the device before a change is queued and again by the server before it applies.
 */
import { z } from 'zod';
import { candidateFieldsSchema, statusSchema, storableString, NOTES_MAX, LONG_TEXT_MAX } from '../schemas/candidate.schema';
import { isValidDay } from '../format/time-zone';
import { isHlc } from '../sync/hlc';

export const MAX_IMPORT_ROWS_PER_MUTATION = 1000;
export const NOTE_LINE_MAX = 2000;
export const INTERVIEW_NOTE_MAX = 50_000;

export const uidSchema = z.uuid({ message: 'Must be a uuid' });
/** A hybrid logical clock stamp (shared/sync/hlc.ts). */
export const hlcSchema = z.string().refine(isHlc, 'Must be a clock stamp');
/** A real calendar day, yyyy-MM-dd (2026-02-30 is refused, as the REST calls refuse it). */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a yyyy-MM-dd date')
  .refine(isValidDay, 'Must be a real calendar day');

/** Changed fields of a candidate.update: any subset of the editable fields, at least one. */
export const candidateChangesSchema = candidateFieldsSchema
  .partial()
  .extend({
    // Without defaults: an update carries only the fields that changed.
    skills: storableString().max(LONG_TEXT_MAX, `Must be at most ${LONG_TEXT_MAX} characters`).optional(),
    notes: storableString().max(NOTES_MAX, `Must be at most ${NOTES_MAX} characters`).optional(),
    status: statusSchema.optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'An update must change at least one field');
export type CandidateChanges = z.infer<typeof candidateChangesSchema>;

export const candidateCreateArgsSchema = candidateFieldsSchema.extend({ uid: uidSchema });
export type CandidateCreateArgs = z.infer<typeof candidateCreateArgsSchema>;

/**
 * One imported row: name, email and the uid the device gave it; other fields only when the file had
 * them (no defaults), so updating an existing candidate never blanks or resets what the file lacks.
 */
export const importRowSchema = candidateFieldsSchema.partial().extend({
  uid: uidSchema,
  name: candidateFieldsSchema.shape.name,
  email: candidateFieldsSchema.shape.email,
  status: statusSchema.optional(),
  skills: storableString().max(LONG_TEXT_MAX, `Must be at most ${LONG_TEXT_MAX} characters`).optional(),
  notes: storableString().max(NOTES_MAX, `Must be at most ${NOTES_MAX} characters`).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const noteLineSchema = storableString().trim().min(1).max(NOTE_LINE_MAX, `Must be at most ${NOTE_LINE_MAX} characters`);
