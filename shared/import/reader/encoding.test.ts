import { describe, expect, it } from 'vitest';
import { decodeSlices, detectBom, detectEncoding, guessUtf16WithoutBom, isValidUtf8 } from './encoding';

const utf8 = (text: string) => new TextEncoder().encode(text);
function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  if (bom) {
    view.setUint16(0, 0xfeff, endian === 'le');
    offset = 2;
  }
  for (let i = 0; i < text.length; i += 1) view.setUint16(offset + i * 2, text.charCodeAt(i), endian === 'le');
  return bytes;
}
/** Windows-1252 bytes of text made of ASCII and Latin-1 letters (the same code points there). */
const cp1252 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const blob = (...parts: Uint8Array[]) => new Blob(parts as BlobPart[]);

async function decodeAll(bytes: Uint8Array, sliceBytes: number) {
  const file = blob(bytes);
  const encoding = await detectEncoding(file, sliceBytes);
  let text = '';
  const positions: number[] = [];
  for await (const piece of decodeSlices(file, encoding, sliceBytes)) {
    text += piece.text;
    positions.push(piece.bytesRead);
  }
  return { encoding: encoding.encoding, text, positions };
}

const ACCENTED = 'Name,Email\nJosé Müller,jose@example.com\nFrançoise Lefèvre,f@example.com\nZoë Ñúñez,z@example.com\n';

describe('detectBom', () => {
  it('recognises UTF-8 and UTF-16 byte-order marks', () => {
    expect(detectBom(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: 'utf-8', skip: 3 });
    expect(detectBom(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toEqual({ encoding: 'utf-16le', skip: 2 });
    expect(detectBom(new Uint8Array([0xfe, 0xff, 0, 0x41]))).toEqual({ encoding: 'utf-16be', skip: 2 });
    expect(detectBom(utf8('Name'))).toBeNull();
    expect(detectBom(new Uint8Array())).toBeNull();
  });
});

describe('guessUtf16WithoutBom', () => {
  it('sees the zero-byte pattern of ASCII written as UTF-16', () => {
    expect(guessUtf16WithoutBom(utf16(ACCENTED, 'le', false))).toBe('utf-16le');
    expect(guessUtf16WithoutBom(utf16(ACCENTED, 'be', false))).toBe('utf-16be');
  });
  it('leaves single-byte text and random bytes alone', () => {
    expect(guessUtf16WithoutBom(utf8(ACCENTED))).toBeNull();
    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    expect(guessUtf16WithoutBom(random)).toBeNull();
    expect(guessUtf16WithoutBom(new Uint8Array([0x41]))).toBeNull();
  });
});

describe('isValidUtf8', () => {
  it('accepts UTF-8 whose characters are split between slices', async () => {
    expect(await isValidUtf8(blob(utf8('é'.repeat(10))), 0, 3)).toBe(true);
  });
  it('rejects Windows-1252 bytes and a character cut off at the end', async () => {
    expect(await isValidUtf8(blob(cp1252('José')))).toBe(false);
    expect(await isValidUtf8(blob(utf8('José').slice(0, 4)))).toBe(false);
  });
});

describe('detectEncoding and decodeSlices', () => {
  it.each([1, 2, 3, 5, 4096])('reads UTF-8, UTF-16 and Windows-1252 in slices of %i bytes', async (sliceBytes) => {
    const cases: Array<[Uint8Array, string]> = [
      [utf8(ACCENTED), 'utf-8'],
      [blobBytes(new Uint8Array([0xef, 0xbb, 0xbf]), utf8(ACCENTED)), 'utf-8'],
      [utf16(ACCENTED, 'le'), 'utf-16le'],
      [utf16(ACCENTED, 'be'), 'utf-16be'],
      [utf16(ACCENTED, 'le', false), 'utf-16le'],
      [cp1252(ACCENTED), 'windows-1252'],
    ];
    for (const [bytes, encoding] of cases) {
      const result = await decodeAll(bytes, sliceBytes);
      expect(result.encoding).toBe(encoding);
      expect(result.text).toBe(ACCENTED);
      expect(result.positions.at(-1)).toBe(bytes.length);
    }
  });

  it('reads the Windows-1252 letters outside Latin-1 (curly quotes, euro)', async () => {
    const bytes = new Uint8Array([0x93, 0x41, 0x94, 0x20, 0x80, 0x35]);
    expect((await decodeAll(bytes, 4)).text).toBe('\u201cA\u201d \u20ac5');
  });

  it('keeps a UTF-8 BOM file as UTF-8 even with a bad byte (the mark decides)', async () => {
    const bytes = blobBytes(new Uint8Array([0xef, 0xbb, 0xbf]), utf8('Ana'), new Uint8Array([0xff]));
    const result = await decodeAll(bytes, 2);
    expect(result).toMatchObject({ encoding: 'utf-8', text: 'Ana\ufffd' });
  });
});

function blobBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
