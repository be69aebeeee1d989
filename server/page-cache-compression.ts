import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * The page cache's compression levels. Measured on the home page (185 KB of
 * HTML; docs/benchmarks.md, "What a miss costs"): gzip 9 takes ~2 ms and
 * brotli 5 ~2 ms (28.6 KB), while brotli 11 takes 140–250 ms for 25.3 KB.
 * A miss is answered with gzip 9 and brotli 5, which shrink the page to a
 * sixth for the time of a few bytes on any real network; brotli 11 is made
 * afterwards, off the visitor's path, and replaces brotli 5 in the entry.
 */
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export const FAST_BROTLI_QUALITY = 5;
export const BEST_BROTLI_QUALITY = 11;
export const GZIP_LEVEL = 9;

export function gzipBest(body: Buffer): Promise<Buffer> {
  return gzip(body, { level: GZIP_LEVEL });
}

export function brotliAt(quality: number, body: Buffer): Promise<Buffer> {
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
