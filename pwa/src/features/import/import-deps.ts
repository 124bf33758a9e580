/** The import dialog's real collaborators: the spreadsheet worker, the device's candidates repo, toasts. */
import { deviceTimeZone } from '@shared/format/time-zone';
import { yieldToMain } from '@/app/yield-to-main';
import { candidateStore } from '@/features/candidates/candidate-store';
import { candidatesRepo } from '@/features/candidates/repo';
import { toast } from '@/ui/toast/toast-queue';
import { importFile } from './import-file';
import { workerReader } from './spreadsheet-client';
import type { ImportSessionDeps } from './useImportSession';

const read = workerReader();

export const defaultImportDeps: ImportSessionDeps = {
  importFile: (file, kind, onProgress) =>
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
    ),
  notify: (input) => void toast(input),
};
