import type { Context, Next } from 'koa';

export type LogLine = (line: string) => void;

/** One line per request: method, path, status and time taken. */
export function requestLog(log: LogLine) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = (performance.now() - started).toFixed(1);
      log(`${ctx.method} ${ctx.path} ${ctx.status} ${ms}ms`);
    }
  };
}
