/**
 * Which folder may import which (README, "Layout"). `app/` is the shell: routes, layout, guards,
 * providers and start-up. Features sit under it and never reach into it, so a feature can be read, moved
 * or tested without the shell; helpers every screen shares live in `ui/` (React) and `lib/` (plain
 * TypeScript), below the features. The shell takes a feature through its page components (the routes)
 * and through the few entry points listed in SHELL_ENTRIES, each with the reason the shell needs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const posix = (file: string) => file.split(path.sep).join('/');

interface Import {
  /** The importing file, relative to pwa/src. */
  file: string;
  /** The imported module, relative to pwa/src without extension; null for packages and @shared. */
  target: string | null;
  spec: string;
}

/** Static and dynamic imports, re-exports and vi.mock() of a module all count. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])([^'"]+)\1/g;

function importsOf(full: string): Import[] {
  const file = posix(path.relative(srcDir, full));
  const text = readFileSync(full, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const spec = match[2]!;
    let target: string | null = null;
    if (spec.startsWith('@/')) target = spec.slice(2);
    else if (spec.startsWith('.')) target = posix(path.relative(srcDir, path.resolve(path.dirname(full), spec)));
    return { file, target, spec };
  });
}

const imports = sourceFiles(srcDir).flatMap(importsOf);
const describeImport = ({ file, spec }: Import) => `${file} imports ${spec}`;

/** What the shell takes from features besides their pages, and why it cannot do without. */
const SHELL_ENTRIES = new Map([
  // The guards and the layout's menus show, or send away, according to who is signed in.
  ['features/auth/auth-store', 'who is signed in'],
  ['features/auth/display-name', "the user menu's name"],
  ['features/auth/auth-actions', 'Sign out in the user menu'],
  // Start-up runs the sync engine for the signed-in user and joins sign-out (push first, ask before discarding).
  ['features/auth/before-sign-out', 'sync joins sign-out'],
  ['features/sync/sign-out-flow', 'what sign-out asks about unsynced changes'],
  // The top bar's sync status, and the import dialog any screen can open, mount in the layout.
  ['features/sync/SyncIndicator', 'top bar'],
  ['features/sync/SyncStatusPanel', 'top bar'],
  ['features/import/ImportDialog', 'layout slot'],
]);

describe('layers of the app', () => {
  it('finds the imports', () => {
    expect(imports.filter(({ file }) => file.startsWith('features/')).length).toBeGreaterThan(200);
    expect(imports.filter(({ file }) => file.startsWith('app/')).length).toBeGreaterThan(30);
  });

  it('nothing but the entry point imports the shell', () => {
    const intoShell = imports.filter(
      ({ file, target }) => target?.startsWith('app/') && !file.startsWith('app/') && file !== 'main.tsx',
    );
    expect(intoShell.map(describeImport)).toEqual([]);
  });

  it('shared helpers (ui/, lib/) import no feature and not the shell', () => {
    const upward = imports.filter(
      ({ file, target }) =>
        (file.startsWith('ui/') || file.startsWith('lib/')) && (target?.startsWith('features/') || target?.startsWith('app/')),
    );
    expect(upward.map(describeImport)).toEqual([]);
  });

  it('the shell takes a feature only through its pages and the listed entries', () => {
    const reached = imports.filter(({ file, target }) => file.startsWith('app/') && target?.startsWith('features/'));
    const unlisted = reached.filter(({ target }) => !/^features\/.+\/[A-Za-z]+Page$/.test(target!) && !SHELL_ENTRIES.has(target!));
    expect(unlisted.map(describeImport)).toEqual([]);
    // An entry the shell no longer uses leaves the list.
    const used = new Set(reached.map(({ target }) => target));
    expect([...SHELL_ENTRIES.keys()].filter((entry) => !used.has(entry))).toEqual([]);
  });
});
