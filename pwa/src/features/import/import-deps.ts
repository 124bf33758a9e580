/**
 * The import dialog's real collaborators: the spreadsheet worker (previews and imports), the device's
 * candidates (the in-memory list answers which emails are known, else the email index), the remembered
 * column mappings, and toasts.
 */
import { deviceTimeZone } from '@shared/format/time-zone';
import { yieldToMain } from '@/app/yield-to-main';
import { candidateStore } from '@/features/candidates/candidate-store';
import { candidatesRepo } from '@/features/candidates/repo';
import { toast } from '@/ui/toast/toast-queue';
import { importFile } from './import-file';
import { importMappingsRepo } from './mapping-repo';
import { workerPreviewer, workerReader } from './spreadsheet-client';
import type { ImportSessionDeps } from './useImportSession';

const read = workerReader();
const previewInWorker = workerPreviewer();

export const defaultImportDeps: ImportSessionDeps = {
  importFile: (file, kind, onProgress, choice) =>
    importFile(
      file,
      kind,
      {
        read,
        // The candidate list first takes in the batch before (it answers the next one's email lookups).
        store: async (rows, options) => {
          await candidateStore.applied();
          return candidatesRepo.importCandidates(rows, options);
        },
        timeZone: deviceTimeZone(),
        yieldToMain,
      },
      onProgress,
      choice,
    ),
  async *preview(file, kind, choice, signal) {
    const remembered = await importMappingsRepo.list();
    yield* previewInWorker({ file, kind, timeZone: deviceTimeZone(), ...choice, remembered }, signal);
  },
  async countKnownEmails(emails) {
    await candidateStore.applied();
    return candidateStore.countKnownEmails(emails) ?? candidatesRepo.countKnownEmails(emails);
  },
  rememberMapping: (signature, columns) => importMappingsRepo.remember(signature, columns),
  notify: (input) => void toast(input),
};
