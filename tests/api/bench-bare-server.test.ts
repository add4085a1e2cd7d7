// The throughput benchmark compares the production server with a bare node:http server "answering the same bytes"
// (scripts/bench-throughput.ts): for the landing page the bare server sends byte for byte what the app sends, for
// a client that accepts brotli, gzip only, or neither, whatever words its Accept-Encoding holds.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bareServer,
  type CapturedAnswers,
  captureAnswers,
  headerOf,
  rawGet,
} from "../../scripts/lib/bench-throughput";
import { siteIsBuilt, withTestApp } from "../helpers/test-app";

const ACCEPT_ENCODINGS = [
  "gzip, deflate, br, zstd",
  "br",
  "gzip, deflate",
  "gzip",
  "deflate",
  "identity",
  undefined,
];

describe.skipIf(!siteIsBuilt)("the bare server of the throughput benchmark", () => {
  const t = withTestApp({ site: true });
  let origin = "";
  let bareOrigin = "";
  let bare: Server;
  let answers: CapturedAnswers;

  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    answers = await captureAnswers(origin, "/");
    bare = bareServer(answers);
    await new Promise<void>((done) => bare.listen(0, "127.0.0.1", done));
    bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => (bare ? bare.close(() => done()) : done())));

  it("captured the landing page in each encoding, the same page once decoded", () => {
    expect(answers.br.status).toBe(200);
    expect(headerOf(answers.br, "content-encoding")).toBe("br");
    expect(headerOf(answers.gzip, "content-encoding")).toBe("gzip");
    expect(headerOf(answers.identity, "content-encoding")).toBeUndefined();
    const page = answers.identity.body;
    expect(page.toString()).toContain("<!doctype html>");
    expect(brotliDecompressSync(answers.br.body).equals(page)).toBe(true);
    expect(gunzipSync(answers.gzip.body).equals(page)).toBe(true);
    expect(answers.br.body.length).toBeLessThan(answers.gzip.body.length);
  });

  for (const accept of ACCEPT_ENCODINGS) {
    it(`answers as the app does for Accept-Encoding ${accept === undefined ? "absent" : `"${accept}"`}`, async () => {
      const [ours, copy] = await Promise.all([rawGet(origin, "/", accept), rawGet(bareOrigin, "/", accept)]);
      expect(copy.status).toBe(ours.status);
      expect(copy.body.equals(ours.body)).toBe(true);
      for (const name of [
        "content-type",
        "content-encoding",
        "content-length",
        "etag",
        "content-security-policy",
      ]) {
        expect(headerOf(copy, name), name).toBe(headerOf(ours, name));
      }
      expect(copy.headers).toEqual(ours.headers);
    });
  }
});
