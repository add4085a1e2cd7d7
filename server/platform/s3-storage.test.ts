// What only the S3 store does: signed download links (work, name the file, expire, capped at five minutes), and
// the store's failures (unreachable, refused credentials, no bucket) as StorageUnavailableError without secrets.
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { Readable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { withFakeS3 } from "../../tests/helpers/s3";
import type { Env } from "../env";
import { attachmentDisposition, s3Storage } from "./s3-storage";
import { StorageUnavailableError } from "./storage";
import storagePlugin from "./storage-plugin";

const s3 = withFakeS3();
const KEY = "library/7/v2.pdf";

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("signed download links", () => {
  it("download the file as a named attachment, without credentials", async () => {
    await s3.storage.put(KEY, Buffer.from("%PDF-1.7 the manual"), "application/pdf");
    const url = await s3.storage.signedDownloadUrl?.(KEY, {
      expiresInSeconds: 300,
      fileName: "Flight Manual (ICAO) é.pdf",
      contentType: "application/pdf",
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rpas-test-files\/library\/7\/v2\.pdf\?/);
    expect(url).toContain("X-Amz-Expires=300");
    // Signing is local: a link names the access key id, never the secret.
    const signer = s3Storage({ ...s3.config, secretAccessKey: "a-distinctive-secret" });
    const signed = await signer.signedDownloadUrl?.(KEY, {
      expiresInSeconds: 60,
      fileName: "a.pdf",
      contentType: "application/pdf",
    });
    expect(signed).toContain("X-Amz-Signature=");
    expect(signed).not.toContain("a-distinctive-secret");
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("%PDF-1.7 the manual");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Flight Manual _ICAO_ _.pdf"; filename*=UTF-8''Flight%20Manual%20%28ICAO%29%20%C3%A9.pdf`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("never live longer than five minutes, and stop working when they expire", async () => {
    await s3.storage.put(KEY, Buffer.from("%PDF-"), "application/pdf");
    const options = { fileName: "a.pdf", contentType: "application/pdf" };
    const long = await s3.storage.signedDownloadUrl?.(KEY, { ...options, expiresInSeconds: 86_400 });
    expect(new URL(long as string).searchParams.get("X-Amz-Expires")).toBe("300");
    const short = (await s3.storage.signedDownloadUrl?.(KEY, { ...options, expiresInSeconds: 1 })) as string;
    expect((await fetch(short)).status).toBe(200);
    await new Promise((done) => setTimeout(done, 2_200));
    const expired = await fetch(short);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
  });

  it("are absent when S3_SIGNED_LINKS is off, so downloads stream through the app", () => {
    expect(s3Storage({ ...s3.config, signedLinks: false }).signedDownloadUrl).toBeUndefined();
  });

  it("name files safely in the header", () => {
    expect(attachmentDisposition('re"port\r\n.pdf')).toBe(
      `attachment; filename="re_port__.pdf"; filename*=UTF-8''re%22port%0D%0A.pdf`,
    );
  });
});

describe("a store that cannot be used", () => {
  async function expectUnavailable(run: () => Promise<unknown>, reason: RegExp) {
    const error = await run().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StorageUnavailableError);
    const message = (error as Error).message;
    expect(message).toMatch(reason);
    expect(message).not.toContain("S3RVER");
    expect(message).not.toContain("wrong-secret");
    return message;
  }

  it("unreachable: every call fails with StorageUnavailableError naming the endpoint", async () => {
    const port = await closedPort();
    const storage = s3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${port}` });
    const unreachable = /127\.0\.0\.1:\d+\/rpas-test-files: unreachable \(ECONNREFUSED\)/;
    const message = await expectUnavailable(() => storage.get(KEY), unreachable);
    expect(message).not.toContain(KEY);
    await expectUnavailable(() => storage.exists(KEY), unreachable);
    await expectUnavailable(() => storage.put(KEY, Buffer.from("x"), "application/pdf"), unreachable);
    await expectUnavailable(() => storage.delete(KEY), unreachable);
    await expectUnavailable(() => storage.list(""), unreachable);
    await expectUnavailable(() => storage.getStream(KEY), unreachable);
    const source = Readable.from([Buffer.from("%PDF-")]);
    await expectUnavailable(() => storage.putStream(KEY, source, "application/pdf"), unreachable);
    expect(source.destroyed).toBe(true);
  });

  it("wrong keys or a missing bucket: StorageUnavailableError that says so, never the keys", async () => {
    const wrongKey = s3Storage({ ...s3.config, accessKeyId: "NOT-A-KEY" });
    await expectUnavailable(
      () => wrongKey.put(KEY, Buffer.from("x"), "application/pdf"),
      /refused our credentials \(InvalidAccessKeyId\)/,
    );
    const noBucket = s3Storage({ ...s3.config, bucket: "no-such-bucket" });
    await expectUnavailable(() => noBucket.list(""), /the bucket does not exist/);
    await expectUnavailable(() => noBucket.get(KEY), /no-such-bucket: the bucket does not exist/);
  });

  /** A store that answers every request with `status` and S3's error body for `code`. */
  async function answering(status: number, code: string): Promise<{ url: string; server: Server }> {
    const server = createHttpServer((request, response) => {
      request.resume();
      response.writeHead(status, { "content-type": "application/xml" });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>no</Message></Error>`,
      );
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
  }

  it("a refused signature (wrong secret) or the store's own failure: StorageUnavailableError", async () => {
    for (const [status, code, reason] of [
      [403, "SignatureDoesNotMatch", /refused our credentials \(SignatureDoesNotMatch\)/],
      [503, "SlowDown", /answered HTTP 503 \(SlowDown\)/],
    ] as const) {
      const fake = await answering(status, code);
      try {
        const storage = s3Storage({ ...s3.config, endpoint: fake.url, secretAccessKey: "wrong-secret" });
        await expectUnavailable(() => storage.get(KEY), reason);
        await expectUnavailable(() => storage.put(KEY, Buffer.from("x"), "application/pdf"), reason);
      } finally {
        fake.server.close();
      }
    }
  });
});

describe("at start", () => {
  /** Starts the storage plugin on S3_URL `url` and answers its log lines once the store has been tried. */
  async function startLog(url: string): Promise<string[]> {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } },
    });
    app.decorate("env", {
      DATA_DIR: "/nonexistent",
      S3_URL: url,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "a-distinctive-secret",
      S3_SIGNED_LINKS: true,
    } as Env);
    await app.register(storagePlugin);
    await app.ready();
    // The check is not awaited by ready(): wait for its line (at most 5 s).
    const tried = () => lines.some((line) => /file storage (answers|cannot be used)/.test(line));
    for (let wait = 0; wait < 100 && !tried(); wait += 1) await new Promise((done) => setTimeout(done, 50));
    await app.close();
    return lines;
  }

  it("logs that the store answers, or why it cannot be used, without the keys", async () => {
    const good = await startLog(s3.url);
    expect(good.some((line) => line.includes('"storage":"s3"'))).toBe(true);
    expect(good.some((line) => line.includes("file storage answers"))).toBe(true);

    const wrong = await startLog(`${s3.endpoint}/no-such-bucket`);
    expect(wrong.find((line) => line.includes("file storage cannot be used"))).toMatch(
      /no-such-bucket: the bucket does not exist/,
    );
    expect(wrong.join("\n")).not.toContain("a-distinctive-secret");
  });
});
