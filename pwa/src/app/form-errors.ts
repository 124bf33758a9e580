import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/api/client';

/**
 * Puts the messages of a refused input (the error envelope's `fields`) under the form's own fields, so
 * "Username already exists" or "Current password is incorrect" shows where it belongs as well as in
 * the toast. Fields the form does not have are left to the toast.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
): void {
  if (!isApiError(error)) return;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}
