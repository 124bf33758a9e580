/**
 * Hostile spreadsheet files for the import tests of the device and the server: cut-off and corrupted
 * workbooks, a zip bomb, prototype-pollution samples and a 200,000-row sheet. Workbooks are built
 * with the installed SheetJS and re-packed by a minimal ZIP writer over node:zlib, so a test can put
 * any bytes (or any declared size) in any entry. The large ones are cached in the temp folder by
 * name, so they are built once per machine rather than once per test file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as XLSX from 'xlsx';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

export interface PackedEntry {
  name: string;
  deflated: Uint8Array;
  size: number;
  crc: number;
}

/** A ZIP archive of deflated entries (sizes and CRCs as given, so they can lie). */
export function zipArchive(entries: Array<ZipEntry | PackedEntry>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed: PackedEntry =
      'data' in entry ? { name: entry.name, deflated: zlib.deflateRawSync(entry.data), size: entry.data.length, crc: zlib.crc32(entry.data) } : entry;
    const name = Buffer.from(packed.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.deflated.length, 18);
    local.writeUInt32LE(packed.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(packed.deflated));
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(packed.crc, 16);
    record.writeUInt32LE(packed.deflated.length, 20);
    record.writeUInt32LE(packed.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += 30 + name.length + packed.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function workbookBytes(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Candidates');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/** The files inside a ZIP container, by path. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  // SheetJS exports its container library untyped.
  const container = XLSX.CFB.read(Buffer.from(bytes), { type: 'buffer' }) as {
    FileIndex: Array<{ type: number; name: string; content?: ArrayLike<number> }>;
    FullPaths: string[];
  };
  return container.FileIndex.flatMap((entry, i) =>
    entry.type === 2 && entry.content && !entry.name.startsWith('\u0001')
      ? [{ name: container.FullPaths[i]!.replace(/^[^/]*\//, ''), data: Uint8Array.from(entry.content) }]
      : [],
  );
}

/** Bump when a builder below changes, so no machine keeps using files built the old way. */
const CACHE_VERSION = 1;
const cacheDir = path.join(tmpdir(), `rephire-hostile-files-v${CACHE_VERSION}`);

/** Builds a file once per machine: later calls read it back. */
function cached(name: string, build: () => Buffer): Buffer {
  const file = path.join(cacheDir, name);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(cacheDir, { recursive: true });
  const bytes = build();
  // Test files run in parallel: each writes its own partial file, and the rename is atomic.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}

/** A cached file's path (for uploads from a browser test). */
export function cachedPath(name: string): string {
  return path.join(cacheDir, name);
}

/** The first `fraction` of a file, as an interrupted download leaves it. */
export function truncated(bytes: Uint8Array, fraction = 0.6): Buffer {
  return Buffer.from(bytes.subarray(0, Math.floor(bytes.length * fraction)));
}

/** `count` bytes flipped at places a fixed pseudo-random sequence picks (the same on every run). */
export function corrupted(bytes: Uint8Array, count = 24, seed = 7): Buffer {
  const copy = Buffer.from(bytes);
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    // Past the first local header, so the file still looks like a ZIP.
    const at = 64 + (state % (copy.length - 64));
    copy[at] = copy[at]! ^ 0xff;
  }
  return copy;
}

/** A well-formed sheet of two candidates, in any book type. */
export const SMALL_SHEET = [
  ['Name', 'Email', 'Notes'],
  ['Ann Small', 'ann@small.io', 'first'],
  ['Bob Small', 'bob@small.io', 'second'],
];

/**
 * An xlsx of about 400 KB whose sheet XML unpacks to `unpackedMb` MB of blanks around one real row.
 * Its headers declare the true size, as a plain bomb does, or `declaredBytes`, as a sly one does.
 */
export async function zipBombXlsx(unpackedMb = 400, declaredBytes?: number): Promise<Buffer> {
  const name = `bomb-${unpackedMb}mb${declaredBytes === undefined ? '' : `-declares-${declaredBytes}`}.xlsx`;
  if (existsSync(cachedPath(name))) return readFileSync(cachedPath(name));
  const entries = zipEntries(workbookBytes([['Name', 'Email'], ['Bomb Row', 'bomb@row.io']]));
  const packed = await Promise.all(
    entries.map(async (entry): Promise<ZipEntry | PackedEntry> => {
      if (!/worksheets\/sheet1\.xml$/.test(entry.name)) return entry;
      const xml = Buffer.from(entry.data).toString('utf8');
      const split = xml.indexOf('<sheetData>') + '<sheetData>'.length;
      const pad = Buffer.alloc(1024 * 1024, 0x20);
      const parts = [Buffer.from(xml.slice(0, split)), ...Array.from({ length: unpackedMb }, () => pad), Buffer.from(xml.slice(split))];
      // Streamed through one deflater: the unpacked sheet never exists in memory.
      const deflater = zlib.createDeflateRaw({ level: 9 });
      const chunks: Buffer[] = [];
      deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finished = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
      let crc = 0;
      let size = 0;
      for (const part of parts) {
        crc = zlib.crc32(part, crc);
        size += part.length;
        if (!deflater.write(part)) await new Promise((resolve) => deflater.once('drain', resolve));
      }
      deflater.end();
      await finished;
      return { name: entry.name, deflated: Buffer.concat(chunks), size: declaredBytes ?? size, crc };
    }),
  );
  return cached(name, () => zipArchive(packed));
}

/**
 * CVE-2023-30533: a comment anchored at ref="__proto__" polluted Object.prototype in SheetJS 0.18.
 * The sheet also has a "__proto__" and a "constructor" header column.
 */
export function prototypePollutionXlsx(): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Name', 'Email', '__proto__', 'constructor', 'toString'],
    ['Proto Sheet', 'proto@sheet.io', '{"polluted":"yes"}', 'polluted', 'x'],
  ]);
  sheet.A1!.c = [{ a: 'attacker', t: 'comment' }];
  XLSX.utils.book_append_sheet(book, sheet, 'S');
  const entries = zipEntries(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  let patched = 0;
  const crafted = entries.map((entry) => {
    if (!/comments\d*\.xml$/.test(entry.name)) return entry;
    patched += 1;
    const xml = Buffer.from(entry.data).toString('utf8').replace(/ref="A1"/g, 'ref="__proto__"');
    return { name: entry.name, data: Buffer.from(xml, 'utf8') };
  });
  if (!patched) throw new Error('SheetJS wrote no comments part to patch');
  return zipArchive(crafted);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * An xlsx with a header row and `rows` candidates (Name, Email), its sheet XML written directly:
 * SheetJS takes a minute to write 200,000 rows, this a second or two.
 */
export function bigSheetXlsx(rows: number, email = (i: number) => `big${i}@sheet.io`): Buffer {
  return cached(`big-${rows}.xlsx`, () => {
    const entries = zipEntries(workbookBytes([['Name', 'Email']]));
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
    const lines: string[] = [`<row r="1">${cell('A1', 'Name')}${cell('B1', 'Email')}</row>`];
    for (let i = 1; i <= rows; i += 1) {
      const r = i + 1;
      lines.push(`<row r="${r}">${cell(`A${r}`, `Big Person ${i}`)}${cell(`B${r}`, email(i))}</row>`);
    }
    return zipArchive(
      entries.map((entry) => {
        if (!/worksheets\/sheet1\.xml$/.test(entry.name)) return entry;
        const xml = Buffer.from(entry.data)
          .toString('utf8')
          .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:B${rows + 1}"/>`)
          .replace(/<sheetData>[\s\S]*<\/sheetData>|<sheetData\/>/, `<sheetData>${lines.join('')}</sheetData>`);
        return { name: entry.name, data: Buffer.from(xml, 'utf8') };
      }),
    );
  });
}
