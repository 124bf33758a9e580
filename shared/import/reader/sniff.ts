/**
 * What a file really is, from its first bytes, whatever its name says: a workbook container (xlsx,
 * xlsm, xlsb and ods are ZIP archives; xls is an OLE compound file), or text. A ".csv" that is really
 * a workbook is read as one; text that is full of control characters is not a CSV at all.
 */
export type Container = 'zip' | 'ole';

export function containerOf(head: Uint8Array): Container | null {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (ole.every((byte, i) => head[i] === byte)) return 'ole';
  return null;
}

/** Excel 2.x–4.x worksheets are bare BIFF record streams (a BOF record), not OLE files. */
export function isBiffStream(head: Uint8Array): boolean {
  return head[0] === 0x09 && [0x00, 0x02, 0x04].includes(head[1] ?? -1) && head[3] === 0x00;
}

const SAMPLE_CHARS = 64 * 1024;
/** Share of control characters above which decoded text is taken for binary data. */
const MAX_CONTROL_SHARE = 0.01;

/**
 * Binary data decoded as text: any NUL, or more than 1% C0/C1 control characters (tab, line feed,
 * carriage return and form feed excepted). Random bytes decoded as Windows-1252 give about 13%.
 * U+FFFD counts too when it is the decoder's mark for bytes it could not decode (binary read as
 * UTF-16); pass `literalReplacement` for text already checked to be valid UTF-8, where a U+FFFD is a
 * character the file really holds (text that went through a bad conversion once, say).
 */
export function looksBinary(text: string, literalReplacement = false): boolean {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  if (!sample.length) return false;
  let controls = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    const c0 = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c;
    const c1 = code >= 0x7f && code <= 0x9f;
    if (c0 || c1 || (code === 0xfffd && !literalReplacement)) controls += 1;
  }
  return controls / sample.length > MAX_CONTROL_SHARE;
}
