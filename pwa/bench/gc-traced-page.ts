/**
 * A page in a fresh headless Chromium whose collections can be forced (`--expose-gc`) and are described
 * by V8 on the browser's output (`--trace-gc-nvp`): what the benches that weigh full collections use
 * (string-keys.bench.ts, idb-keys.bench.ts). A fresh browser each time: the heap and the string table
 * are the isolate's, and one variant's leftovers would stay in them.
 */
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../tests/support/chromium';

/** What V8 has written so far; a bench clears it to read only what comes after. */
export interface GcOutput {
  text: string;
}

/** Opens `url` with `script` added, runs `use`, and closes the browser. */
export async function withGcTracedPage<T>(url: string, script: string, use: (page: Page, output: GcOutput) => Promise<T>): Promise<T> {
  const server = await chromium.launchServer({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc --trace-gc-nvp'] });
  const output: GcOutput = { text: '' };
  server.process().stdout?.on('data', (chunk) => void (output.text += String(chunk)));
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    const page = await browser.newPage();
    await page.goto(url);
    await page.addScriptTag({ content: script });
    return await use(page, output);
  } finally {
    await server.close();
  }
}

/**
 * The full collections in V8's `--trace-gc-nvp` output, each as the `fields` asked for (ms); a line
 * may be cut short: one without every field is left out.
 */
export function fullCollectionsIn<F extends string>(output: string, fields: readonly F[]): Array<Record<F, number>> {
  const found: Array<Record<F, number>> = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"gc":"mc"')) continue;
    const values = fields.map((name) => Number(new RegExp(`"${name.replace(/\./g, '\\.')}":([-0-9.e+]+)`).exec(line)?.[1]));
    if (values.every(Number.isFinite)) found.push(Object.fromEntries(fields.map((name, i) => [name, values[i]!])) as Record<F, number>);
  }
  return found;
}
