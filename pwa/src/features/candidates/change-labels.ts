/** Short descriptions of queued changes, as the sync panel lists them. */
import { fieldInSentence } from '@shared/candidates/field-labels';
import { stageLabel } from '@shared/candidates/status-labels';
import type { CandidateStatus } from '@shared/schemas/candidate.schema';

export const changeLabels = {
  create: (name: string) => `Add ${name}`,
  update: (name: string, fields: string[]) => `Edit ${name} (${fields.map(fieldInSentence).join(', ')})`,
  setStatus: (name: string, status: CandidateStatus) => `Move ${name} to ${stageLabel(status)}`,
  appendNote: (name: string) => `Add a note to ${name}`,
  undoStatus: (name: string, status: CandidateStatus) => `Undo: ${name} back to ${stageLabel(status)}`,
  delete: (name: string) => `Delete ${name}`,
  undoDelete: (name: string) => `Undo: bring back ${name}`,
  bulk: (action: string, count: number) => `${action} ${count.toLocaleString('en-US')} candidate${count === 1 ? '' : 's'}`,
  importRows: (count: number, fileName?: string) =>
    `Import ${count.toLocaleString('en-US')} candidate${count === 1 ? '' : 's'}${fileName ? ` from ${fileName}` : ''}`,
  undoImport: (count: number, files: readonly string[]) =>
    `Undo the import of ${files.join(', ') || 'a file'} (${count.toLocaleString('en-US')} candidate${count === 1 ? '' : 's'})`,
  interviewNote: (name: string, day: string) => `Interview note for ${name} (${day})`,
};
