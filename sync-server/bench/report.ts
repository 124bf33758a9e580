/** The benchmark table: each figure with its target and whether this run met it. */
export interface Figure {
  name: string;
  value: string;
  target?: string;
  /** Undefined when the figure has no target of its own. */
  met?: boolean;
  detail?: string;
}

/**
 * Issue 14's targets for a new device, which three benches measure: the app's first load on the wire
 * (bench:bundle from the build, bench:import in the browser) and a full pull of 100,000 candidates
 * (bench:server over HTTP, bench:import in the browser, stored on the device).
 */
export const NEW_DEVICE_TARGETS = {
  firstLoadBytes: 200_000,
  fullPullMs: 10_000,
  fullPullMb: 20,
} as const;

export function printReport(figures: Figure[], env: { database: string; machine: string }): void {
  const rows = figures.map((f) => [f.name, f.value, f.target ?? '', f.met === undefined ? '' : f.met ? 'met' : 'MISSED', f.detail ?? '']);
  const header = ['Benchmark', 'Result', 'Target', '', 'Notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log('');
  console.log(`RepHire server benchmarks — ${env.database}`);
  console.log(`${env.machine}; one run each, on a machine other work shares, so expect noise.`);
  console.log('');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log('');
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const millis = (ms: number) => `${ms.toFixed(1)} ms`;
export const count = (n: number) => Math.round(n).toLocaleString('en-US');
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
/** `value` as a multiple of `of`: '1.52×'. */
export const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
