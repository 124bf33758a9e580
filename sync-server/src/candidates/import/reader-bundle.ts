/**
 * The device's spreadsheet reader (shared/import/reader/read-file.ts, SheetJS included) as one plain
 * JavaScript module for the server's parser worker (spreadsheet.worker.mjs), bundled by esbuild once per
 * process. Every upload starts a new worker, which otherwise loaded the TypeScript sources through tsx's
 * loader: about 0.4 s of CPU per file read, against 0.07 s for the bundle (measured here: a two-row CSV
 * through readUploadedFile, five times each).
 *
 * The file is named by a hash of its contents in the system's temporary folder, written under a
 * temporary name and renamed, so processes (servers, test workers) share it and none reads half of one.
 * Writing a new one removes the bundles nobody has written for a day (each change to the reader's
 * sources makes one); a process whose bundle was removed builds it again before its next read.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const READER_SOURCE = fileURLToPath(new URL('../../../../shared/import/reader/read-file.ts', import.meta.url));
const PREFIX = 'rephire-reader-';
/** A bundle not written (nor found present by a build) for this long is removed. */
export const STALE_BUNDLE_MS = 24 * 60 * 60 * 1000;

/** Removes the other bundles in `dir` last written before `now - STALE_BUNDLE_MS`. */
function removeStaleBundles(dir: string, keep: string, now: number) {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(PREFIX) || !name.endsWith('.mjs') || name === keep) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_BUNDLE_MS) rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another process.
    }
  }
}

async function bundleReader(dir: string): Promise<string> {
  const result = await build({
    entryPoints: [READER_SOURCE],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const name = `${PREFIX}${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(dir, name);
  const now = Date.now();
  try {
    // Present: marked as still in use, so no other process's cleanup takes it.
    utimesSync(file, now / 1000, now / 1000);
  } catch {
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
    removeStaleBundles(dir, name, now);
  }
  return file;
}

const bundles = new Map<string, Promise<string>>();

/**
 * The bundled reader's file URL, in `dir` (the temporary folder): built on first use, and again when
 * the file has gone or a build failed.
 */
export async function readerModule(dir = tmpdir()): Promise<URL> {
  let bundled = bundles.get(dir);
  if (bundled && !existsSync(await bundled.catch(() => ''))) bundled = undefined;
  if (!bundled) {
    bundled = bundleReader(dir);
    bundles.set(dir, bundled);
    bundled.catch(() => bundles.delete(dir));
  }
  return pathToFileURL(await bundled);
}
