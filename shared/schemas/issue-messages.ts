/** What a failed zod parse says, per field: the first message for each path, the path joined with dots ('_' for the whole value). */
import type { z } from 'zod';

export function issueMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}
