import type { Context, Next } from 'koa';

/**
 * The app loads only its own scripts, styles, images and workers, talks only to its own origin,
 * and may not be framed. Inline styles are allowed because React and Headless UI set style attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Request destinations (Sec-Fetch-Dest) whose response can only ever be a script a page runs, a
 * stylesheet or a font: never a document, a frame or a worker of its own. For those the browser ignores
 * a response's own CSP, X-Frame-Options, COOP and Permissions-Policy (the page's apply), so they are
 * not sent: half a kilobyte a response, about 13 kB of a new device's first load (its 29 responses were
 * mostly scripts). Anything else, a request that names no destination included, gets them all.
 */
const SUBRESOURCE_DESTINATIONS = new Set(['script', 'style', 'font']);

export function securityHeaders() {
  return async (ctx: Context, next: Next) => {
    const subresource = SUBRESOURCE_DESTINATIONS.has(ctx.get('Sec-Fetch-Dest'));
    if (!subresource) {
      ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
      ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    try {
      await next();
    } finally {
      // The headers differ by destination: a cache must not hand a script's answer to a document or a
      // worker asking for the same address (a worker's policy is its script's response's own). After
      // what follows has set its own headers, and on a failure too (the error handler answers it).
      ctx.vary('Sec-Fetch-Dest');
    }
  };
}
