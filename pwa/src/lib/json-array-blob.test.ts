import { describe, expect, it } from 'vitest';
import { JsonArrayBlob } from './json-array-blob';

const read = async (blob: Blob) => JSON.parse(await blob.text()) as unknown;

describe('a JSON array written into a Blob', () => {
  it('reads back as the array, empty, small or in several parts, with text of any script', async () => {
    expect(await read(new JsonArrayBlob().toBlob())).toEqual([]);
    const values = [{ a: 1 }, 'x', null, { name: 'Zoë 名前 😀', notes: 'line\n"quoted"' }];
    const small = new JsonArrayBlob();
    for (const value of values) small.add(JSON.stringify(value));
    expect(await read(small.toBlob())).toEqual(values);
    // Elements past the part size: each goes into a part of its own, in order.
    const big = Array.from({ length: 5 }, (_, i) => ({ i, text: String(i).repeat(200_000) }));
    const parts = new JsonArrayBlob();
    for (const value of big) parts.add(JSON.stringify(value));
    const blob = parts.toBlob();
    expect(await read(blob)).toEqual(big);
    expect(blob.type).toBe('application/json');
  });
});
