/**
 * Text encodings of uploaded CSV files. Spreadsheet programs write CSV as UTF-8 (often with a BOM),
 * as UTF-16 ("Unicode text", with a BOM) or, on Windows, in the ANSI code page (Windows-1252 in the
 * Americas and western Europe). The rule, in order:
 *   1. a byte-order mark decides (UTF-8, UTF-16 LE, UTF-16 BE);
 *   2. without one, the zero-byte pattern of ASCII text written as UTF-16 decides LE or BE;
 *   3. a file that is valid UTF-8 from start to end is UTF-8;
 *   4. anything else is Windows-1252, which maps every byte, so decoding never fails.
 * Files are read in slices and decoded with streaming decoders, so a character split between two
 * slices is never broken and a large file is never held in memory as a whole.
 */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: CsvEncoding;
  /** Bytes of byte-order mark to skip before decoding. */
  skip: number;
}

/** Bytes per slice read from a file (memory held at once is about this). */
export const READ_SLICE_BYTES = 1024 * 1024;

const SAMPLE_BYTES = 4096;

export function detectBom(head: Uint8Array): DetectedEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return null;
}

/**
 * UTF-16 without a BOM: ASCII characters (headers, emails, digits) have one zero byte each, always on
 * the same side. Demands that nearly every pair has its zero on one side and almost none on the other,
 * which random binary data and single-byte text do not show.
 */
export function guessUtf16WithoutBom(head: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(head.length, SAMPLE_BYTES) / 2);
  if (pairs < 2) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (head[2 * i] === 0) zeroEven += 1;
    if (head[2 * i + 1] === 0) zeroOdd += 1;
  }
  if (zeroOdd >= pairs * 0.7 && zeroEven <= pairs * 0.05) return 'utf-16le';
  if (zeroEven >= pairs * 0.7 && zeroOdd <= pairs * 0.05) return 'utf-16be';
  return null;
}

/** Consecutive slices of a blob, from `start`. */
export async function* readSlices(
  blob: Blob,
  start = 0,
  sliceBytes = READ_SLICE_BYTES,
): AsyncGenerator<{ bytes: Uint8Array; end: number }> {
  for (let offset = start; offset < blob.size; offset += sliceBytes) {
    const end = Math.min(offset + sliceBytes, blob.size);
    yield { bytes: new Uint8Array(await blob.slice(offset, end).arrayBuffer()), end };
  }
}

/** Whether the bytes from `start` on are valid UTF-8 (a sequence cut off at the end is not). */
export async function isValidUtf8(blob: Blob, start = 0, sliceBytes = READ_SLICE_BYTES): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    for await (const { bytes } of readSlices(blob, start, sliceBytes)) decoder.decode(bytes, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export async function detectEncoding(blob: Blob, sliceBytes = READ_SLICE_BYTES): Promise<DetectedEncoding> {
  const head = new Uint8Array(await blob.slice(0, SAMPLE_BYTES).arrayBuffer());
  const bom = detectBom(head);
  if (bom) return bom;
  const utf16 = guessUtf16WithoutBom(head);
  if (utf16) return { encoding: utf16, skip: 0 };
  return { encoding: (await isValidUtf8(blob, 0, sliceBytes)) ? 'utf-8' : 'windows-1252', skip: 0 };
}

/** The text of a blob, slice by slice, with the byte position reached after each piece. */
export async function* decodeSlices(
  blob: Blob,
  { encoding, skip }: DetectedEncoding,
  sliceBytes = READ_SLICE_BYTES,
): AsyncGenerator<{ text: string; bytesRead: number }> {
  // The BOM is skipped here, so the decoder must not strip another one.
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  for await (const { bytes, end } of readSlices(blob, skip, sliceBytes)) {
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield { text, bytesRead: end };
  }
  const rest = decoder.decode();
  if (rest) yield { text: rest, bytesRead: blob.size };
}
