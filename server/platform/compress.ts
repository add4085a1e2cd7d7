// Brotli (best) and gzip (level 9) copies of a static body: used at build time for assets and at boot for pages,
// so no response is ever compressed per request. The async form runs on zlib's thread pool (a page recompressed
// in the background, ADR 039) and gives the same bytes.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions } from "node:zlib";

const brotliBest = (data: Buffer) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
});
const GZIP_BEST: ZlibOptions = { level: 9 };

export function compressBoth(data: Buffer): { br: Buffer; gz: Buffer } {
  return { br: brotliCompressSync(data, brotliBest(data)), gz: gzipSync(data, GZIP_BEST) };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** compressBoth off the main thread. */
export async function compressBothLater(data: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([brotliAsync(data, brotliBest(data)), gzipAsync(data, GZIP_BEST)]);
  return { br, gz };
}
