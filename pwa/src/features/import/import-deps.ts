/**
 * The import dialog's real collaborators: the spreadsheet worker (previews and imports), the device's
 * candidates (the database's candidate mirror answers which emails are known, else the email index),
 * the remembered column mappings, and toasts.
 */
import { deviceTimeZone } from '@shared/format/time-zone';
import { appDb } from '@/db/app-db';
import { candidateList } from '@/features/candidates/candidate-list';
import { candidatesRepo } from '@/features/candidates/repo';
import { yieldToMain } from '@/lib/yield-to-main';
import { toast } from '@/ui/toast/toast-queue';
import { importFile, transactionRowsFor } from './import-file';
import { importHistory, startImportRun, type ImportRun } from './import-history';
import { importMappingsRepo } from './mapping-repo';
import { workerPreviewer, workerReader } from './spreadsheet-client';
import type { ImportSessionDeps } from './useImportSession';

const mirror = appDb.candidateMirror;
const read = workerReader();
const previewInWorker = workerPreviewer();

/** The dialog's runs, by id: each records what its files did, for its Undo. */
const runs = new Map<string, ImportRun>();

function runOf(runId: string): ImportRun {
  let run = runs.get(runId);
  if (!run) {
    run = startImportRun(runId);
    runs.clear();
    runs.set(runId, run);
  }
  return run;
}

export const defaultImportDeps: ImportSessionDeps = {
  // The list screens behind the dialog take in the file's rows once, when it is done.
  importFile: (file, kind, onProgress, choice, runId, kept) =>
    candidateList.holdWhile(() =>
      importFile(
        file,
        kind,
        {
          // The rows the file's preview kept are the file's, read and checked already.
          read: kept ? () => kept.read() : read,
          // The mirror first takes in the batch before (it answers the next one's email lookups).
          store: async (rows, options) => {
            await mirror.applied();
            const run = runOf(runId);
            const recording = { observer: run.recorder, alsoStore: (results: Parameters<typeof importHistory.storeBatch>[2]) => importHistory.storeBatch(run, options.fileName, results) };
            return candidatesRepo.importCheckedRows(rows, { ...options, recording });
          },
          timeZone: deviceTimeZone(),
          yieldToMain,
          // Asked as each transaction starts: a connection that comes back midway sends the rest as it goes.
          transactionRows: () => transactionRowsFor(navigator.onLine),
        },
        onProgress,
        choice,
      ),
    ),
  async *preview(file, kind, choice, signal) {
    const remembered = await importMappingsRepo.list();
    yield* previewInWorker({ file, kind, timeZone: deviceTimeZone(), ...choice, remembered }, signal);
  },
  async countKnownEmails(emails) {
    await mirror.applied();
    return (await mirror.countKnownEmailsInSlices(emails)) ?? candidatesRepo.countKnownEmails(emails);
  },
  rememberMapping: (signature, columns) => importMappingsRepo.remember(signature, columns),
  undoImport: (runId) => importHistory.undo(runId),
  notify: (input) => void toast(input),
};
