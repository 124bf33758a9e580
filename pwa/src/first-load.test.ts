/**
 * What every page's first load carries: main.tsx and what it imports statically (`import type` and
 * dynamic `import()` excluded). The first load's budget (npm run bench:bundle: 170 kB gzipped, 200 kB
 * on the wire) has no room for the database or the schema library: Dexie and zod came in once through
 * two sign-out hooks registered at start-up (195.6 kB; 130.2 kB without), so this keeps them out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.dirname(fileURLToPath(import.meta.url));
const sharedDir = path.resolve(srcDir, '../../shared');

/** Packages the first load must not carry (each loads with the screen or the work that needs it). */
const LATER_PACKAGES = ['dexie', 'dexie-react-hooks', 'zod', 'papaparse', 'xlsx'];

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

function target(spec: string, from: string): { file: string } | { pkg: string } | null {
  if (spec.startsWith('@/')) return { file: resolveFile(path.join(srcDir, spec.slice(2)))! };
  if (spec.startsWith('@shared/')) return { file: resolveFile(path.join(sharedDir, spec.slice(8)))! };
  if (spec.startsWith('.')) {
    const file = resolveFile(path.resolve(path.dirname(from), spec));
    return file ? { file } : null; // a stylesheet
  }
  if (spec.startsWith('virtual:')) return null;
  const parts = spec.split('/');
  return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
}

/** The files and packages `entry` imports statically, transitively. */
function staticClosure(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const found = target(spec!, file);
      if (!found) continue;
      if ('pkg' in found) {
        if (!packages.has(found.pkg)) packages.set(found.pkg, path.relative(srcDir, file));
      } else visit(found.file);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the first load', () => {
  it('follows main.tsx through its static imports', () => {
    const { files, packages } = staticClosure(path.join(srcDir, 'main.tsx'));
    expect(files.has(path.join(srcDir, 'app/App.tsx'))).toBe(true);
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', 'react-dom', 'zustand']));
  });

  it('carries neither the database nor the schema library nor the spreadsheet readers', () => {
    const { packages } = staticClosure(path.join(srcDir, 'main.tsx'));
    const carried = LATER_PACKAGES.filter((pkg) => packages.has(pkg)).map((pkg) => `${pkg} (imported by ${packages.get(pkg)})`);
    expect(carried).toEqual([]);
  });
});
