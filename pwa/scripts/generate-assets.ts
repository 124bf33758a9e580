/**
 * Renders the PWA's icons and store screenshots into pwa/public with Debian's Chromium (playwright-core):
 *   icons/icon.svg, icons/icon-{192,512}.png      the mark with rounded, transparent corners ("any")
 *   icons/maskable-{192,512}.png                  full-bleed, letter inside the 80 % safe zone ("maskable")
 *   apple-touch-icon.png (180 px)                 full-bleed and opaque; iOS rounds the corners itself
 *   favicon.ico                                   16 and 32 px PNGs in an ICO container
 *   screenshots/wide.png (1280×800), screenshots/narrow.png (750×1334)   the landing page, from pwa/dist
 *
 * Run after changing the mark (src/ui/logo-mark.ts) or the landing page, and commit the files:
 *   npx tsx pwa/scripts/generate-assets.ts            (builds the app first when it is stale)
 */
import { chromium, type Browser } from 'playwright-core';
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logoSvg } from '../src/ui/logo-mark';
import { CHROMIUM_ARGS, ensureChromium } from '../tests/support/chromium';
import { buildPwaIfStale } from '../../sync-server/src/build-pwa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = path.join(root, 'pwa/public');
const dist = path.join(root, 'pwa/dist');

async function renderSvg(browser: Browser, svg: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  return png;
}

/** An ICO file holding PNG images (supported by every browser that reads favicon.ico). */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** Serves pwa/dist like the real server would, with a stub /api so the landing page renders. */
function serveDist(): Promise<Server> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json' };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/config') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ appName: 'RepHire', registrationOpen: false }));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Not signed in' }));
      return;
    }
    const file = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    const target = file.startsWith(dist) && existsSync(file) && !file.endsWith('/') && path.extname(file) ? file : path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' }).end(readFileSync(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function screenshots(browser: Browser) {
  await buildPwaIfStale(root);
  const server = await serveDist();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const shots = [
    { file: 'wide.png', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    { file: 'narrow.png', viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 },
  ];
  try {
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: shot.deviceScaleFactor, serviceWorkers: 'block', colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.screenshot({ path: path.join(publicDir, 'screenshots', shot.file) });
      await context.close();
      console.log(`screenshots/${shot.file}`);
    }
  } finally {
    server.close();
  }
}

async function main() {
  mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  mkdirSync(path.join(publicDir, 'screenshots'), { recursive: true });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const rounded = logoSvg({ size: 512 });
    writeFileSync(path.join(publicDir, 'icons/icon.svg'), logoSvg({ size: 64 }));
    const outputs: Array<[string, string, number]> = [
      ['icons/icon-192.png', logoSvg({ size: 192 }), 192],
      ['icons/icon-512.png', rounded, 512],
      ['icons/maskable-192.png', logoSvg({ size: 192, radius: 0, letterScale: 0.72 }), 192],
      ['icons/maskable-512.png', logoSvg({ size: 512, radius: 0, letterScale: 0.72 }), 512],
      ['apple-touch-icon.png', logoSvg({ size: 180, radius: 0, letterScale: 0.82 }), 180],
    ];
    for (const [file, svg, size] of outputs) {
      writeFileSync(path.join(publicDir, file), await renderSvg(browser, svg, size));
      console.log(file);
    }
    const favicons = await Promise.all([16, 32].map(async (size) => ({ size, png: await renderSvg(browser, logoSvg({ size, radius: 12 }), size) })));
    writeFileSync(path.join(publicDir, 'favicon.ico'), ico(favicons));
    console.log('favicon.ico');
    if (!process.argv.includes('--icons-only')) await screenshots(browser);
  } finally {
    await browser.close();
  }
}

await main();
