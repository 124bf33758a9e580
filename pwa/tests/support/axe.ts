/**
 * axe-core in the browser tests: the engine's source is evaluated in the page (through the DevTools
 * protocol, so no Content-Security-Policy can refuse it) the first time a page is checked, and again
 * after any full navigation. Each check runs the WCAG 2.0/2.1 A and AA rules plus axe's best practices in
 * the light palette, then switches the page to dark (the app follows the system theme by default) and
 * checks colour contrast again: the dark palette changes colours only, and checking both at the same
 * stop spares a second walk through every screen. Checks collect what they find instead of stopping,
 * so one run lists every problem of every screen.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING: ImpactValue[] = ['serious', 'critical'];

export interface AxeFinding {
  /** Which screen or dialog, and in which appearance and width. */
  where: string;
  id: string;
  impact: ImpactValue;
  help: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

export interface AxeCheckOptions {
  /** Only this part of the page (a CSS selector), e.g. an open dialog's panel. */
  include?: string;
  /** Only these rules (e.g. colour contrast alone when only the palette changed). */
  rules?: string[];
}

/**
 * Loads axe into the page once per document, with a style sheet that turns CSS transitions off: every
 * check then sees final colours at once, and switching palettes does not start a transition on every
 * element of the page (which made each dark check wait seconds on a big table).
 */
async function ensureAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')) return;
  await page.evaluate(AXE_SOURCE);
  await page.evaluate(() => {
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
  });
}

/** Runs axe over the page (or a part of it) and returns what it found, every impact included. */
export async function runAxe(page: Page, where: string, { include, rules }: AxeCheckOptions = {}): Promise<AxeFinding[]> {
  await ensureAxe(page);
  const options: RunOptions = {
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS },
    // Details of passing and undecided checks are not read: leaving them out makes a run much faster.
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    async ([context, runOptions]) => {
      // A dialog or menu still fading in has the colours of half its opacity: wait for transitions to
      // end (endless animations, such as spinners, excepted).
      const settled = () =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
      while (!settled()) await new Promise(requestAnimationFrame);
      const { axe } = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } };
      return axe.run(context ?? document, runOptions);
    },
    [include ?? null, options] as const,
  );
  return results.violations.map((violation: Result) => ({
    where,
    id: violation.id,
    impact: violation.impact ?? 'minor',
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 160), summary: node.failureSummary ?? '' })),
  }));
}

/**
 * Paints the page in the dark or light palette the way the app does (its `dark` class on <html>), for a
 * moment: a check switches there and back without emulating the system setting, which costs the page
 * two full style recalculations instead of one.
 */
function paintPalette(page: Page, palette: 'light' | 'dark'): Promise<void> {
  return page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
  }, palette === 'dark');
}

/** Collects findings across many checks; each test asserts on what was found since its last assert. */
export class AxeLog {
  /** Everything found so far, every impact included. */
  readonly findings: AxeFinding[] = [];
  private asserted = 0;

  constructor(private readonly page: () => Page) {}

  /** Checks the page as it is, in the light palette (all rules) and the dark one (contrast). */
  async check(where: string, options: AxeCheckOptions = {}): Promise<void> {
    const page = this.page();
    this.findings.push(...(await runAxe(page, `light ${where}`, options)));
    await paintPalette(page, 'dark');
    this.findings.push(...(await runAxe(page, `dark ${where}`, { ...options, rules: ['color-contrast'] })));
    await paintPalette(page, 'light');
  }

  /** One block per finding: where, rule id, impact, help, and each failing node with axe's reasons. */
  report(findings: AxeFinding[]): string {
    return findings
      .map(
        (f) =>
          `[${f.where}] ${f.id} (${f.impact}): ${f.help}\n` +
          f.nodes.map((n) => `    ${n.target}  ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n'),
      )
      .join('\n');
  }

  /** Moderate and minor findings, one line per rule, with where they showed. */
  summariseNonBlocking(): string {
    const byRule = new Map<string, Set<string>>();
    for (const f of this.findings.filter((finding) => !BLOCKING.includes(finding.impact))) {
      const key = `${f.id} (${f.impact}): ${f.help}`;
      byRule.set(key, (byRule.get(key) ?? new Set()).add(f.where));
    }
    return [...byRule].map(([rule, where]) => `${rule} — ${[...where].join(', ')}`).join('\n');
  }

  /** Throws with the report when the checks since the last call found anything serious or critical. */
  assertNoBlocking(): void {
    const fresh = this.findings.slice(this.asserted);
    this.asserted = this.findings.length;
    const blocking = fresh.filter((finding) => BLOCKING.includes(finding.impact));
    if (blocking.length > 0) throw new Error(`${blocking.length} serious or critical axe violations:\n${this.report(blocking)}`);
  }
}
