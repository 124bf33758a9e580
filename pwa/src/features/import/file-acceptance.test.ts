import { describe, expect, it } from 'vitest';
import { ACCEPT_ATTRIBUTE, acceptFiles, sheetKindOf } from './file-acceptance';

const file = (name: string, type = '') => ({ name, type });

describe('sheetKindOf', () => {
  it.each([
    ['candidates.csv', '', 'csv'],
    ['CANDIDATES.CSV', 'application/vnd.ms-excel', 'csv'],
    ['book.xlsx', '', 'workbook'],
    ['book.XLS', '', 'workbook'],
    ['macro.xlsm', '', 'workbook'],
    ['binary.xlsb', '', 'workbook'],
    ['open.ods', '', 'workbook'],
    ['export', 'text/csv', 'csv'],
    ['export', 'text/csv; charset=utf-8', 'csv'],
    ['export', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'workbook'],
    ['export', 'application/vnd.ms-excel', 'workbook'],
    ['export', 'application/vnd.ms-excel.sheet.macroEnabled.12', 'workbook'],
    ['export', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12', 'workbook'],
    ['export', 'application/vnd.oasis.opendocument.spreadsheet', 'workbook'],
  ])('%s (%s) is read as %s', (name, type, kind) => {
    expect(sheetKindOf(file(name, type))).toBe(kind);
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['photo.png', 'image/png'],
    ['report.pdf', 'application/pdf'],
    ['csv', ''],
    ['data.csv.exe', 'application/x-msdownload'],
    ['archive.zip', 'application/zip'],
  ])('refuses %s (%s)', (name, type) => {
    expect(sheetKindOf(file(name, type))).toBeNull();
  });
});

describe('acceptFiles', () => {
  it('takes every supported file quietly', () => {
    expect(acceptFiles([file('a.csv'), file('b.xlsx')])).toEqual({ accepted: [file('a.csv'), file('b.xlsx')], notice: null });
    expect(acceptFiles([])).toEqual({ accepted: [], notice: null });
  });

  it('says "Invalid Files" when none is supported', () => {
    expect(acceptFiles([file('a.txt'), file('b.png')])).toEqual({
      accepted: [],
      notice: { title: 'Invalid Files', description: 'Please upload CSV or Excel files only.', variant: 'destructive' },
    });
  });

  it('says how many were skipped when some are', () => {
    expect(acceptFiles([file('a.csv'), file('b.pdf'), file('c.txt')])).toEqual({
      accepted: [file('a.csv')],
      notice: { title: 'Some files skipped', description: '2 unsupported files were ignored.' },
    });
  });

  it('offers the same files in the file picker', () => {
    for (const part of ['.csv', '.xlsx', '.xls', '.xlsm', '.xlsb', '.ods', 'text/csv']) expect(ACCEPT_ATTRIBUTE.split(',')).toContain(part);
  });
});
