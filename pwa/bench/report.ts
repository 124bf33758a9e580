/** How the PWA benchmarks print their figures: one aligned table, each figure with its target and whether it was met. */
import { availableParallelism, loadavg } from 'node:os';
import type { Figure } from '../../sync-server/bench/report';

export type { Figure };

/** The machine's load average (1, 5, 15 min), to read the figures against: the machine is shared. */
export function loadLine(): string {
  return `${loadavg().map((n) => n.toFixed(1)).join(', ')} (${availableParallelism()} cores)`;
}

export function printFigures(title: string, figures: readonly Figure[], resultHead = 'Result'): void {
  const rows = figures.map((f) => [f.name, f.value, f.target ?? '', f.met === undefined ? '' : f.met ? 'met' : 'NOT MET', f.detail ?? '']);
  const head = [title, resultHead, 'Target', 'Met?', 'Notes'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const timed = figures.filter((f) => f.met !== undefined);
  console.log(['', line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''].join('\n'));
  console.log(`${timed.filter((f) => f.met).length} of ${timed.length} targets met. Load average now: ${loadLine()}`);
  console.log('');
}
