/**
 * Which server folder may import which (README, "Layout"). Folders are stacked in LAYERS, top first: a
 * file imports only from its own folder or from a folder on a lower line, so a reader can take the
 * server in from the bottom (lib/, db/) up and each folder can be tested with only what is below it.
 * Folders on one line are peers and do not import each other. Routers (`*.router.ts`) are the HTTP face
 * of their folder and sit above every folder, under the entry files: they may take any service (the
 * API-keys page lists a key's webhooks, the import form reads the interview time zone rule), and only
 * the entry files import them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

/** Top first. '(entry)' is the files directly in src/ (the app, the server, the dev and start scripts). */
const LAYERS = [
  ['(entry)'],
  ['(routers)'],
  ['middleware', 'openapi'],
  ['integrations'],
  ['sync'],
  ['webhooks'],
  ['interview-notes'],
  ['candidates'],
  ['scheduled-interviews', 'saved-views', 'linkedin'],
  ['http'],
  ['auth'],
  ['users'],
  ['api-keys'],
  ['settings'],
  ['db', 'crypto'],
  ['lib'],
];
const rank = new Map(LAYERS.flatMap((line, index) => line.map((name) => [name, index] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) ? [full] : [];
  });
}

const posix = (file: string) => file.split(path.sep).join('/');

/** The layer of a file, given relative to src without extension or with it. */
function layerOf(file: string): string {
  if (!file.includes('/')) return '(entry)';
  if (/\.router(\.ts)?$/.test(file)) return '(routers)';
  return file.split('/')[0]!;
}

interface Import {
  file: string;
  target: string;
  spec: string;
}

/** Static and dynamic imports, re-exports and vi.mock() of a module all count; type-only imports too. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])([^'"]+)\1/g;

function importsOf(full: string): Import[] {
  const file = posix(path.relative(srcDir, full));
  return [...readFileSync(full, 'utf8').matchAll(IMPORT)].flatMap((match) => {
    const spec = match[2]!;
    if (!spec.startsWith('.')) return [];
    const target = posix(path.relative(srcDir, path.resolve(path.dirname(full), spec)));
    return target.startsWith('..') ? [] : [{ file, target, spec }];
  });
}

// Tests may reach anything they exercise; the rule is about the code a reader follows.
const imports = sourceFiles(srcDir)
  .filter((file) => !file.endsWith('.test.ts'))
  .flatMap(importsOf);

describe('layers of the server', () => {
  it('finds the imports, and every folder has a place', () => {
    expect(imports.length).toBeGreaterThan(200);
    const folders = readdirSync(srcDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((folder) => !rank.has(folder))).toEqual([]);
  });

  it('a file imports only its own folder or a folder below it', () => {
    const upward = imports.filter(({ file, target }) => {
      const from = layerOf(file);
      const to = layerOf(target);
      if (from === to) return false;
      return rank.get(to)! <= rank.get(from)!;
    });
    expect(upward.map(({ file, spec, target }) => `${file} (${layerOf(file)}) imports ${spec} (${layerOf(target)})`)).toEqual([]);
  });
});
