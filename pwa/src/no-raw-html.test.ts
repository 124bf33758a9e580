/**
 * Text from users, files and integrations reaches the screen only as React text (issue 8, "Hostile
 * input"; pwa/tests/xss.browser.test.ts shows it on every screen). This keeps it so: no source file
 * writes raw HTML, and every link or image address built from data is one of the reviewed ones below,
 * each of which can only be http(s), mailto or a same-origin path.
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
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(srcDir).map((file) => ({ file: path.relative(srcDir, file), text: readFileSync(file, 'utf8') }));

/** Data-built addresses, each reviewed: what makes it safe. */
const REVIEWED_ADDRESSES = new Map([
  // Only https:// LinkedIn URLs become links (LeadRow.tsx: `safeLink`).
  ['features/linkedin/LeadRow.tsx', ['href={safeLink}']],
  // A same-origin /api path; the server fetches https pictures only (sync-server/src/linkedin/profile-image.ts).
  ['features/linkedin/LeadAvatar.tsx', ['src={profileImageUrl(linkedinUrl)}']],
  // The mailto: scheme is fixed; the email is validated on every write.
  ['features/candidates/components/detail/CandidateOverview.tsx', ['href={`mailto:${candidate.email}`}']],
  ['features/interviews/mode/InterviewModePage.tsx', ['href={`mailto:${candidate.email}`}']],
  // A meeting link only when the place parses as an http(s) URL (meetingLinkOf, scheduled-interview.schema.ts).
  ['features/interviews/schedule/InterviewPlace.tsx', ['href={link}']],
]);

/** The attribute starting at `start`, up to the brace that closes its expression. */
function attribute(text: string, start: number): string {
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

describe('no raw HTML and no unreviewed addresses in the app', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('never writes HTML from strings', () => {
    const raw = /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|srcDoc|\beval\(|new Function\(/;
    expect(files.filter(({ text }) => raw.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('builds href and src only in the reviewed places', () => {
    const found = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\b(?:href|src|formAction|poster)=\{/g)].map((match) => [file, attribute(text, match.index)] as const),
    );
    const unreviewed = found.filter(([file, code]) => !(REVIEWED_ADDRESSES.get(file.split(path.sep).join('/')) ?? []).includes(code));
    expect(unreviewed, JSON.stringify(unreviewed)).toEqual([]);
    expect(found).toHaveLength([...REVIEWED_ADDRESSES.values()].flat().length);
  });
});
