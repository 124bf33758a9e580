/**
 * Export of candidates, built on the device (so offline too): CSV, or an Excel workbook. The workbook
 * library is loaded only when someone exports to Excel; every cell is written as text, so nothing in it
 * is ever run as a formula.
 */
import { candidateExportFileName, candidateExportTable, candidatesToCsv, type ExportableCandidate } from '@shared/candidates/export';
import { downloadBlob } from '@/ui/download';

export type ExportKind = 'csv' | 'xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbookBytes(candidates: readonly ExportableCandidate[]): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const table = candidateExportTable(candidates);
  const sheet = XLSX.utils.aoa_to_sheet(table.map((row) => row.map((text) => ({ t: 's', v: text }))));
  sheet['!cols'] = [{ wch: 24 }, { wch: 30 }, { wch: 18 }, { wch: 12 }, { wch: 24 }, { wch: 60 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Candidates');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

export async function exportCandidates(candidates: readonly ExportableCandidate[], kind: ExportKind): Promise<void> {
  const blob =
    kind === 'csv'
      ? new Blob([candidatesToCsv(candidates)], { type: 'text/csv;charset=utf-8' })
      : new Blob([await workbookBytes(candidates)], { type: XLSX_TYPE });
  downloadBlob(blob, candidateExportFileName(kind));
}
