// Brotli and gzip copies of static assets, written once at build time so the server never compresses them per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compressBoth } from "../../server/platform/compress";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += await precompressDir(path);
    } else if (COMPRESSIBLE.test(name) && statSync(path).size > 256) {
      const { br, gz } = compressBoth(readFileSync(path));
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
      count += 1;
    }
  }
  return count;
}
