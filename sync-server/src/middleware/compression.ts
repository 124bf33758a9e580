/**
 * Compresses answers for clients that accept it (koa-compress: a maintained middleware that negotiates
 * Accept-Encoding and streams). Brotli at a low quality: JSON of the pull's shape shrinks about tenfold
 * at a small fraction of the CPU of brotli's default 11, which matters on a 2-core server answering
 * pull pages of thousands of rows; gzip for clients without brotli. The built app's files come
 * precompressed from the build (vite.config.ts) and are sent as they are (static-files.ts), so they
 * are never compressed here.
 */
import { constants } from 'node:zlib';
import compress from 'koa-compress';

export function compression() {
  return compress({
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
}
