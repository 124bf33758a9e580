import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-reader';
import type { DetectedEncoding } from './encoding';

const UTF8: DetectedEncoding = { encoding: 'utf-8', skip: 0 };

async function rowsOf(text: string, sliceBytes: number) {
  const rows: string[][] = [];
  const problems: Array<{ row: number; message: string }> = [];
  const progress: number[] = [];
  for await (const piece of readCsvRows(new Blob([text]), UTF8, sliceBytes)) {
    for (const problem of piece.problems) problems.push({ row: rows.length + problem.index + 1, message: problem.message });
    rows.push(...piece.rows);
    progress.push(piece.bytesRead);
  }
  return { rows, problems, progress };
}

describe('readCsvRows', () => {
  const text = 'Name,Email,Notes\r\n"Cruz, Ana",ana@x.com,"line one\r\nline two"\r\nBen,ben@x.com,"say ""hi"""\r\n';

  it.each([1, 7, 64, 1 << 20])('gives the same rows whatever the slice size (%i bytes)', async (sliceBytes) => {
    const { rows, progress } = await rowsOf(text, sliceBytes);
    expect(rows).toEqual([
      ['Name', 'Email', 'Notes'],
      ['Cruz, Ana', 'ana@x.com', 'line one\r\nline two'],
      ['Ben', 'ben@x.com', 'say "hi"'],
    ]);
    expect(progress.at(-1)).toBe(new Blob([text]).size);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('guesses semicolon and tab delimiters', async () => {
    expect((await rowsOf('Name;Email\nAna;a@x.com', 4)).rows).toEqual([['Name', 'Email'], ['Ana', 'a@x.com']]);
    expect((await rowsOf('Name\tEmail\nAna\ta@x.com', 1024)).rows).toEqual([['Name', 'Email'], ['Ana', 'a@x.com']]);
  });

  it('reports an unterminated quote with its row', async () => {
    const { problems } = await rowsOf('Name,Email\nAna,a@x.com\n"Ben,b@x.com\nCy,c@x.com\n', 8);
    expect(problems).toEqual([{ row: 3, message: 'Quoted field unterminated' }]);
  });

  it('yields nothing for an empty file and one row for a header only', async () => {
    expect((await rowsOf('', 8)).rows.filter((row) => row.some(Boolean))).toEqual([]);
    expect((await rowsOf('Name,Email', 3)).rows).toEqual([['Name', 'Email']]);
  });
});
