import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';

/** The react-hook-form key of a refusal that belongs to no one field; FormDialog shows it above its buttons. */
export const FORM_ERROR_KEY = 'root.server';

/**
 * Shows why a submit failed next to the form as well as in the toast: the messages of a refused input
 * (the error envelope's `fields`) go under the form's own fields ("Username already exists"); anything
 * else (no field of this form named, a lost connection, a server failure) goes to the form as a whole.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
): void {
  let placed = false;
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) {
      if (!(known as readonly string[]).includes(field)) continue;
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  if (!placed) setError(FORM_ERROR_KEY as `root.${string}`, { type: 'server', message: onlineFailureMessage(error) });
}
