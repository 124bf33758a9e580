/** The parser worker's bundled reader: built once, shared, built again when removed, old ones cleaned up. */
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { STALE_BUNDLE_MS, readerModule } from './reader-bundle';

// A folder of its own: other test files' workers read the bundle in the shared temporary folder.
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the bundled reader', () => {
  it('is one module exporting the reader, built once and then reused', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rephire-bundle-test-'));
    const url = await readerModule(dir);
    expect(path.dirname(fileURLToPath(url))).toBe(dir);
    expect(typeof (await import(url.href)).readSpreadsheetFile).toBe('function');
    expect((await readerModule(dir)).href).toBe(url.href);
    expect(readdirSync(dir)).toEqual([path.basename(fileURLToPath(url))]);
  });

  it('is built again when its file was removed', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rephire-bundle-test-'));
    const file = fileURLToPath(await readerModule(dir));
    rmSync(file);
    expect(fileURLToPath(await readerModule(dir))).toBe(file);
    expect(existsSync(file)).toBe(true);
  });

  it('removes the bundles not written for a day when it writes one, and keeps the others', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rephire-bundle-test-'));
    const old = path.join(dir, 'rephire-reader-0000000000000000.mjs');
    const recent = path.join(dir, 'rephire-reader-1111111111111111.mjs');
    const unrelated = path.join(dir, 'notes.txt');
    for (const file of [old, recent, unrelated]) writeFileSync(file, 'x');
    const longAgo = (Date.now() - STALE_BUNDLE_MS - 60_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    utimesSync(unrelated, longAgo, longAgo);
    const built = path.basename(fileURLToPath(await readerModule(dir)));
    expect(readdirSync(dir).sort()).toEqual([built, 'notes.txt', 'rephire-reader-1111111111111111.mjs'].sort());
  });
});
