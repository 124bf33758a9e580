import { describe, expect, it } from 'vitest';
import { jsonBytes, utf8Bytes } from './json-bytes';

describe('jsonBytes', () => {
  it('counts an ASCII text as its length and other characters as UTF-8 encodes them', () => {
    expect(utf8Bytes('Bo Diaz')).toBe(7);
    expect(utf8Bytes('José')).toBe(5);
    expect(utf8Bytes('日本')).toBe(6);
    expect(utf8Bytes('👍')).toBe(4);
  });

  it('measures the JSON text of a value as sent', () => {
    expect(jsonBytes({ name: 'Zoë', n: 1 })).toBe(new TextEncoder().encode('{"name":"Zoë","n":1}').length);
    expect(jsonBytes({ note: 'a "quoted"\nline' })).toBe(JSON.stringify({ note: 'a "quoted"\nline' }).length);
  });
});
