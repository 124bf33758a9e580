/**
 * The ZIP container check that runs before SheetJS on the device and on the server: zip bombs (honest
 * or lying about their size, or merely packed impossibly tight), cut-off and corrupted workbooks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SMALL_SHEET,
  bigSheetXlsx,
  corrupted,
  truncated,
  workbookBytes,
  zipArchive,
  zipBombXlsx,
  zipEntries,
} from '../../pwa/tests/support/hostile-files';
import { checkZipContainer, DEFAULT_ZIP_LIMITS } from './zip-guard';

const xlsx = workbookBytes(SMALL_SHEET, 'xlsx');
const ods = workbookBytes(SMALL_SHEET, 'ods');

describe('checkZipContainer', () => {
  it('passes real workbooks, and leaves what is not a ZIP to the parser', async () => {
    for (const bookType of ['xlsx', 'xlsm', 'xlsb', 'ods'] as const) {
      expect(await checkZipContainer(workbookBytes(SMALL_SHEET, bookType)), bookType).toEqual({ ok: true });
    }
    expect(await checkZipContainer(workbookBytes(SMALL_SHEET, 'biff8'))).toEqual({ ok: true });
    expect(await checkZipContainer(new TextEncoder().encode('Name,Email\nA,a@x.io\n'))).toEqual({ ok: true });
    expect(await checkZipContainer(new Uint8Array())).toEqual({ ok: true });
  });

  it('passes a 200,000-row sheet', { timeout: 60_000 }, async () => {
    expect(await checkZipContainer(bigSheetXlsx(200_000))).toEqual({ ok: true });
  });

  it('refuses a zip bomb by its declared size, and one that lies about it by unpacking it', { timeout: 60_000 }, async () => {
    const tooLarge = { ok: false, reason: 'too_large', message: 'the workbook unpacks to more than 300 MB; save it as CSV and import that' };
    expect(await checkZipContainer(await zipBombXlsx(400))).toEqual(tooLarge);
    expect(await checkZipContainer(await zipBombXlsx(400, 4096))).toEqual(tooLarge);
  });

  it('refuses an entry packed a thousand times tighter than a spreadsheet, below the size limit', { timeout: 60_000 }, async () => {
    const verdict = await checkZipContainer(await zipBombXlsx(60));
    expect(verdict).toMatchObject({ ok: false, reason: 'bomb' });
    expect(verdict.ok || verdict.message).toMatch(/^the workbook is packed \d+ times tighter than a real spreadsheet/);
    // The same entry is fine under a limit made for it: the rule is about the ratio.
    expect(await checkZipContainer(await zipBombXlsx(60), { ...DEFAULT_ZIP_LIMITS, maxRatio: 100_000 })).toEqual({ ok: true });
  });

  it('refuses cut-off and corrupted workbooks as damaged', async () => {
    for (const [name, bytes] of [
      ['xlsx', xlsx],
      ['ods', ods],
    ] as const) {
      expect(await checkZipContainer(truncated(bytes)), name).toMatchObject({ ok: false, reason: 'damaged', message: expect.stringContaining('incomplete or damaged') });
      expect(await checkZipContainer(corrupted(bytes)), name).toMatchObject({ ok: false, reason: 'damaged' });
    }
  });

  it('refuses compression methods SheetJS cannot read', async () => {
    // Method 12 (bzip2) in every central directory record.
    const bzip = zipArchive(zipEntries(xlsx));
    for (let at = bzip.indexOf(Buffer.from([0x50, 0x4b, 1, 2])); at >= 0; at = bzip.indexOf(Buffer.from([0x50, 0x4b, 1, 2]), at + 4)) bzip.writeUInt16LE(12, at + 10);
    expect(await checkZipContainer(bzip)).toMatchObject({ ok: false, reason: 'damaged', message: expect.stringContaining('compression method') });
  });

  it('answers every cut and every flipped byte with a verdict, never an exception', async () => {
    const xlsx = workbookBytes(SMALL_SHEET, 'xlsx');
    const mangled = fc.oneof(
      fc.nat(xlsx.length).map((cut) => xlsx.subarray(0, cut)),
      fc.array(fc.tuple(fc.nat(xlsx.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
        const copy = Uint8Array.from(xlsx);
        for (const [at, bits] of flips) copy[at] = copy[at]! ^ bits;
        return copy;
      }),
    );
    await fc.assert(
      fc.asyncProperty(mangled, async (bytes) => {
        const verdict = await checkZipContainer(bytes);
        expect(verdict.ok || ['too_large', 'bomb', 'damaged'].includes(verdict.reason)).toBe(true);
      }),
      { seed: 20_260_408, numRuns: 400 },
    );
  });
});
