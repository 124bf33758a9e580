/**
 * Errors repos throw before anything is written, for screens to show: a ValidationError carries a
 * message per field (as the forms show them), a RecordNotFoundError names what is missing.
 */
import type { z } from 'zod';
import { issueMessages } from '@shared/schemas/issue-messages';

export class ValidationError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** (Not "NotFoundError": Dexie turns errors with IndexedDB's error names into its own.) */
export class RecordNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordNotFoundError';
  }
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = issueMessages(result.error);
  throw new ValidationError(Object.values(fields)[0] ?? 'Invalid input', fields);
}
