/**
 * Serves the built PWA from the same origin as /api. The service worker, index.html and the manifest
 * must never be cached by the browser's HTTP cache (a stale worker would pin an old app); hashed files
 * under /assets/ never change and are cached for a year. Any other path that is not a file gets
 * index.html, so the client-side router handles it. /api paths are never answered here. The build
 * writes a brotli and a gzip copy beside each text file; @koa/send picks the one the browser accepts.
 */
import { send } from '@koa/send';
import type { Context, Next } from 'koa';
import { existsSync } from 'node:fs';
import path from 'node:path';

const NO_CACHE = new Set(['/sw.js', '/index.html', '/manifest.webmanifest', '/registerSW.js']);

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RepHire</title></head>
<body><h1>RepHire</h1><p>The app has not been built yet. Run <code>npm run build</code>.</p></body></html>`;

function cacheControl(filePath: string): string {
  if (NO_CACHE.has(filePath) || filePath.startsWith('/workbox-')) return 'no-cache';
  if (filePath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function staticFiles(root: string) {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      return next();
    }
    const indexFile = path.join(root, 'index.html');
    if (!existsSync(indexFile)) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = PLACEHOLDER;
      return;
    }
    let served: string | undefined;
    if (ctx.path !== '/' && ctx.path !== '/index.html') {
      try {
        served = await send(ctx, ctx.path, { root, hidden: false, index: false });
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== 404 && status !== 400) throw error;
      }
    }
    if (served) {
      ctx.set('Cache-Control', cacheControl(ctx.path));
      return;
    }
    if (ctx.path.startsWith('/assets/')) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    await send(ctx, 'index.html', { root });
    ctx.set('Cache-Control', 'no-cache');
  };
}
