import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBoth } from "./compress";
import { quickPage, recompress } from "./live-pages";
import { etagOf } from "./site-pages";

const text = `<!doctype html><html><body>${"<p>Drone pilot training in Fiji.</p>".repeat(200)}</body></html>`;

describe("a page compressed quickly", () => {
  it("answers each encoding with the page's own bytes, computed once", () => {
    const page = quickPage(text);
    expect(page.etag).toBe(etagOf(Buffer.from(text)));
    const br = page.br;
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(page.gzip).toString()).toBe(text);
    // The same buffer at the next request: compressed on the first, not on every one.
    expect(page.br).toBe(br);
  });

  it("takes the best compression in place, with the same bytes once decoded", async () => {
    const page = quickPage(text);
    const quick = page.br.length;
    await recompress(page);
    const best = compressBoth(Buffer.from(text));
    expect(page.br.equals(best.br)).toBe(true);
    expect(page.gzip.equals(best.gz)).toBe(true);
    expect(page.br.length).toBeLessThanOrEqual(quick);
    expect(brotliDecompressSync(page.br).toString()).toBe(text);
  });

  it("is recompressed before any request asked for it", async () => {
    const page = quickPage(text);
    await recompress(page);
    expect(page.gzip.equals(compressBoth(Buffer.from(text)).gz)).toBe(true);
  });
});
