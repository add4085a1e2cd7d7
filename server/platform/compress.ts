// Brotli (best) and gzip (level 9) copies of a static body: used at build time for assets and at boot for pages,
// so no response is ever compressed per request.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export function compressBoth(data: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    gz: gzipSync(data, { level: 9 }),
  };
}
