/**
 * The import dialog's acceptance of chosen files, with the spec's toasts; which files an import takes is
 * the shared rule (shared/import/reader/file-kind.ts), the same the server applies to uploads.
 */
import type { ToastInput } from '@/ui/toast/toast-queue';
import { sheetKindOf, type NamedFile } from '@shared/import/reader/file-kind';

export { ACCEPT_ATTRIBUTE, sheetKindOf } from '@shared/import/reader/file-kind';

export interface Acceptance<F extends NamedFile> {
  accepted: F[];
  /** The toast to show, if any files were refused. */
  notice: ToastInput | null;
}

export function acceptFiles<F extends NamedFile>(files: readonly F[]): Acceptance<F> {
  const accepted = files.filter((file) => sheetKindOf(file) !== null);
  const refused = files.length - accepted.length;
  if (files.length > 0 && accepted.length === 0) {
    return { accepted, notice: { title: 'Invalid Files', description: 'Please upload CSV or Excel files only.', variant: 'destructive' } };
  }
  if (refused > 0) {
    return { accepted, notice: { title: 'Some files skipped', description: `${refused} unsupported files were ignored.` } };
  }
  return { accepted, notice: null };
}
