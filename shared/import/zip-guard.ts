/**
 * A look inside a workbook's ZIP container (xlsx, xlsm, xlsb, ods) before SheetJS opens it. SheetJS
 * unpacks every entry whole, into a buffer of the size the entry declares, with its own JavaScript
 * inflater and no limit: a "zip bomb" (a few hundred KB that unpack to gigabytes) would take the
 * device's worker or the server's parser minutes of CPU and gigabytes of memory before failing. Here
 * each entry is really unpacked, by the platform's native streaming inflater (DecompressionStream),
 * counting bytes and stopping at the limit, so the answer costs at most about the limit in work and
 * a few chunks in memory:
 *   - the entries together unpack to at most `maxUnpackedBytes` (and declare no more than that);
 *   - no large entry unpacks more than `maxRatio` times its packed size (real workbooks stay far below;
 *     a bomb is thousands of times);
 *   - every entry unpacks without error to the bytes its CRC-32 names (a damaged file is refused
 *     here, with a clear message, instead of read as whatever SheetJS makes of it: SheetJS does not
 *     check CRCs).
 * Not a ZIP (xls, CSV) or no readable central directory: nothing to say here; SheetJS decides.
 */

const MB = 1024 * 1024;

export interface ZipLimits {
  maxUnpackedBytes: number;
  maxRatio: number;
  /** The ratio rule applies from this unpacked size on (small entries of repeated XML compress well). */
  ratioFromBytes: number;
}

/** Both importers read up to 200,000 rows; such a sheet unpacks to about 100–150 MB. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxUnpackedBytes: 300 * MB, maxRatio: 100, ratioFromBytes: 10 * MB };

export type ZipVerdict = { ok: true } | { ok: false; reason: 'too_large' | 'bomb' | 'damaged'; message: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous;
  for (let i = 0; i < bytes.length; i += 1) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

interface Entry {
  name: string;
  method: number;
  crc: number;
  packed: number;
  declared: number;
  localOffset: number;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const stop = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= stop; i -= 1) if (view.getUint32(i, true) === EOCD) return i;
  return -1;
}

/** The ZIP64 extra field's sizes, for the fields the fixed header marks 0xFFFFFFFF. */
function zip64Sizes(view: DataView, start: number, length: number, declared: number, packed: number) {
  let sizes = { declared, packed };
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const read = () => {
        const value = field + 8 <= at + 4 + size ? Number(view.getBigUint64(field, true)) : ZIP64_MARK;
        field += 8;
        return value;
      };
      if (declared === ZIP64_MARK) sizes = { ...sizes, declared: read() };
      if (packed === ZIP64_MARK) sizes = { ...sizes, packed: read() };
    }
    at += 4 + size;
  }
  return sizes;
}

function readEntries(view: DataView): Entry[] | null {
  const end = findEndOfCentralDirectory(view);
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const sizes = zip64Sizes(view, at + 46 + nameLength, extraLength, view.getUint32(at + 24, true), view.getUint32(at + 20, true));
    const nameBytes = new Uint8Array(view.buffer, view.byteOffset + at + 46, Math.min(nameLength, view.byteLength - at - 46));
    entries.push({
      name: new TextDecoder().decode(nameBytes),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      packed: sizes.packed,
      declared: sizes.declared,
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Unpacks `packed` natively, counting its bytes and their CRC-32; stops once they pass `budget`.
 * 'damaged' when the data cannot be inflated or does not match its checksum.
 */
async function unpackedSize(packed: Uint8Array, crc: number, budget: number): Promise<number | 'over' | 'damaged'> {
  const reader = new Blob([packed as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  let total = 0;
  let sum = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return sum === crc ? total : 'damaged';
      total += value.byteLength;
      if (total > budget) {
        await reader.cancel().catch(() => {});
        return 'over';
      }
      sum = crc32(value, sum);
    }
  } catch {
    return 'damaged';
  }
}

function mb(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

const DAMAGED: ZipVerdict = { ok: false, reason: 'damaged', message: 'the workbook is damaged: its contents cannot be unpacked' };

export async function checkZipContainer(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipVerdict> {
  try {
    return await inspect(bytes, limits);
  } catch (error) {
    // A header pointing outside the file: only a damaged (or crafted) archive does that.
    if (error instanceof RangeError) return DAMAGED;
    throw error;
  }
}

async function inspect(bytes: Uint8Array, limits: ZipLimits): Promise<ZipVerdict> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = bytes.byteLength >= 22 ? readEntries(view) : null;
  const damaged = DAMAGED;
  if (!entries) {
    // A ZIP's first bytes without its directory at the end: cut off (an interrupted download, say).
    const zipStart = bytes.byteLength >= 4 && view.getUint32(0, true) === LOCAL;
    return zipStart ? { ok: false, reason: 'damaged', message: 'the workbook is incomplete or damaged (was it cut off?); save it again and retry' } : { ok: true };
  }
  const tooLarge: ZipVerdict = {
    ok: false,
    reason: 'too_large',
    message: `the workbook unpacks to more than ${mb(limits.maxUnpackedBytes)}; save it as CSV and import that`,
  };
  let declaredTotal = 0;
  for (const entry of entries) declaredTotal += entry.declared;
  if (declaredTotal > limits.maxUnpackedBytes) return tooLarge;

  let unpackedTotal = 0;
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL) return damaged;
    // SheetJS sizes its buffer from the local header, which may say something else than the directory.
    const localDeclared = view.getUint32(local + 22, true);
    if (localDeclared !== ZIP64_MARK && localDeclared > limits.maxUnpackedBytes) return tooLarge;
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + entry.packed > bytes.byteLength) return damaged;
    if (entry.method === 0) {
      if (crc32(bytes.subarray(dataStart, dataStart + entry.packed)) !== entry.crc) return damaged;
      unpackedTotal += entry.packed;
    } else if (entry.method === 8) {
      const data = bytes.subarray(dataStart, dataStart + entry.packed);
      const size = await unpackedSize(data, entry.crc, limits.maxUnpackedBytes - unpackedTotal);
      if (size === 'over') return tooLarge;
      if (size === 'damaged') return damaged;
      if (size >= limits.ratioFromBytes && size > entry.packed * limits.maxRatio) {
        return {
          ok: false,
          reason: 'bomb',
          message: `the workbook is packed ${Math.round(size / Math.max(1, entry.packed))} times tighter than a real spreadsheet (a "zip bomb"?); open it in your spreadsheet program and save it as CSV`,
        };
      }
      unpackedTotal += size;
    } else {
      return { ok: false, reason: 'damaged', message: `the workbook uses a compression method RepHire cannot read (${entry.method})` };
    }
    if (unpackedTotal > limits.maxUnpackedBytes) return tooLarge;
  }
  return { ok: true };
}
