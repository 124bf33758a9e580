import { describe, expect, it } from 'vitest';
import { containerOf, isBiffStream, looksBinary } from './sniff';

describe('containerOf', () => {
  it('knows ZIP (xlsx, xlsm, xlsb, ods) and OLE (xls) files by their first bytes', () => {
    expect(containerOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('zip');
    expect(containerOf(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('ole');
    expect(containerOf(new TextEncoder().encode('Name,Email'))).toBeNull();
    expect(containerOf(new Uint8Array())).toBeNull();
  });
  it('knows bare BIFF worksheets', () => {
    expect(isBiffStream(new Uint8Array([0x09, 0x04, 0x06, 0x00]))).toBe(true);
    expect(isBiffStream(new TextEncoder().encode('Name'))).toBe(false);
  });
});

describe('looksBinary', () => {
  it('passes ordinary CSV text, tabs and line breaks included', () => {
    expect(looksBinary('Name\tEmail\r\nJosé,jose@example.com\n\f')).toBe(false);
    expect(looksBinary('')).toBe(false);
  });
  it('flags NUL characters and text full of control characters', () => {
    expect(looksBinary('Name,Email\u0000')).toBe(true);
    const junk = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7919 + 13) % 256));
    expect(looksBinary(junk)).toBe(true);
  });
  it('counts U+FFFD as undecodable bytes, unless the text is valid UTF-8 that holds it', () => {
    // csv-spectrum's location_coordinates.csv: degree signs lost in an old conversion.
    const text = `Phone,Coordinates\n2095257564,37\uFFFD36'37.8"N 121\uFFFD2'17.9"W\n`;
    expect(looksBinary(text)).toBe(true);
    expect(looksBinary(text, true)).toBe(false);
    expect(looksBinary('\u0000', true)).toBe(true);
  });
  it('tolerates a stray control character in a large text', () => {
    expect(looksBinary(`${'Ana,ana@example.com\n'.repeat(100)}\u0007`)).toBe(false);
  });
});
