import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startBrowserApp } from './pwa/tests/support/browser-app';
import { CHROMIUM_ARGS } from './pwa/tests/support/chromium';
const cg = '/sys/fs/cgroup/cpuacct/exp_ctx/cpuacct.usage';
const cpu = () => Number(readFileSync(cg, 'utf8')) / 1e9;
const app = await startBrowserApp();
for (const exe of ['/usr/bin/chromium', '/usr/lib/chromium/chromium-headless-shell']) {
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  for (const sw of ['allow', 'block'] as const) {
    const n = 4;
    const c0 = cpu(); const t0 = Date.now();
    for (let i = 0; i < n; i++) {
      const ctx = await browser.newContext({ baseURL: app.url, serviceWorkers: sw });
      const page = await ctx.newPage();
      await page.goto('/auth');
      await page.getByRole('button', { name: /Sign in|Login/i }).first().waitFor();
      if (sw === 'allow') await page.evaluate(async () => { const r = await navigator.serviceWorker.ready; await new Promise(res => { if (r.active?.state === 'activated') res(0); else r.active?.addEventListener('statechange', () => res(0)); }); });
      await page.waitForLoadState('networkidle');
      const c1 = cpu();
      await page.reload(); await page.getByRole('button', { name: /Sign in|Login/i }).first().waitFor();
      const reload = cpu() - c1;
      await ctx.close();
      if (i === n - 1) console.log(exe.split('/').pop(), sw, 'reload CPU', reload.toFixed(2));
    }
    console.log(exe.split('/').pop(), 'sw', sw, 'per context CPU', ((cpu() - c0) / n).toFixed(2), 'wall', ((Date.now() - t0) / n / 1000).toFixed(2));
  }
  await browser.close();
}
await app.close();
