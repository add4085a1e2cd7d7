// The same behaviour from both stores: the local disk (DATA_DIR/files) and an S3-compatible store (s3rver, a fake
// that speaks S3's wire format, so the AWS SDK code under test runs as it would against AWS, MinIO or R2).
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { withFakeS3 } from "../../tests/helpers/s3";
import { type FileStorage, FileTooLargeError, localStorage, StorageKeyError } from "./storage";

const chunks = (...parts: (string | Buffer)[]) => Readable.from(parts.map((part) => Buffer.from(part)));

async function readAll(stream: Readable): Promise<Buffer> {
  const read: Buffer[] = [];
  for await (const chunk of stream) read.push(chunk as Buffer);
  return Buffer.concat(read);
}

/** A source that yields `before` bytes and then fails, as a client that drops its connection half-way. */
function failingSource(before: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) {
        this.destroy(new Error("connection reset by the client"));
        return;
      }
      const size = Math.min(1024 * 1024, before - sent);
      sent += size;
      this.push(randomBytes(size));
    },
  });
}

const stores: [string, () => FileStorage][] = [];
const local = () => localStorage(mkdtempSync(join(tmpdir(), "rpas-contract-")));
stores.push(["local disk", local]);
const s3 = withFakeS3();
stores.push(["S3 (s3rver)", () => s3.storage]);

describe.each(stores)("file storage contract: %s", (_name, store) => {
  // Each test uses its own prefix: the S3 store is shared by the file.
  let serial = 0;
  const prefix = () => `t${Date.now()}x${++serial}`;

  it("puts, gets, tells existence, replaces and deletes", async () => {
    const storage = store();
    const key = `${prefix()}/certificates/PSR-B-2026-0042-v1.pdf`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new Uint8Array([37, 80, 68, 70, 0, 255]), "application/pdf");
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual(Buffer.from([37, 80, 68, 70, 0, 255]));
    await storage.put(key, Buffer.from("second"), "application/pdf");
    expect((await storage.get(key))?.toString()).toBe("second");
    // A key's "folder" is no file.
    expect(await storage.exists(key.slice(0, key.lastIndexOf("/")))).toBe(false);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("refuses keys that could reach outside the store, before any call", async () => {
    const storage = store();
    for (const key of ["../secret.pdf", "a//b.pdf", ".hidden", "spaces in name.pdf"]) {
      await expect(storage.put(key, Buffer.from("x"), "application/pdf")).rejects.toThrow(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.putStream(key, chunks("x"), "application/pdf")).rejects.toThrow(StorageKeyError);
    }
  });

  it("streams a multi-part file in and out whole, with its size and SHA-256", async () => {
    const storage = store();
    const key = `${prefix()}/library/1/v1.zip`;
    // 9 MB: more than one 8 MiB part, so S3 takes it as a multipart upload.
    const bytes = randomBytes(9 * 1024 * 1024);
    const stored = await storage.putStream(
      key,
      chunks(bytes.subarray(0, 4e6), bytes.subarray(4e6)),
      "application/zip",
    );
    expect(stored).toEqual({
      byteSize: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    const back = await storage.getStream(key);
    expect(back?.byteSize).toBe(bytes.length);
    expect(Buffer.compare(await readAll(back?.stream as Readable), bytes)).toBe(0);
    expect(await storage.getStream(`${prefix()}/library/1/v2.zip`)).toBeNull();
  });

  it("stores nothing past the size limit, small or multi-part, and keeps what the key held", async () => {
    const storage = store();
    const p = prefix();
    await expect(
      storage.putStream(`${p}/small.pdf`, chunks("12345", "67890", "x"), "application/pdf", { maxBytes: 10 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    const big = randomBytes(17 * 1024 * 1024);
    await expect(
      storage.putStream(`${p}/big.zip`, chunks(big), "application/zip", { maxBytes: 16 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    await storage.put(`${p}/kept.pdf`, Buffer.from("old"), "application/pdf");
    await expect(
      storage.putStream(`${p}/kept.pdf`, chunks("too long"), "application/pdf", { maxBytes: 3 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await storage.get(`${p}/kept.pdf`))?.toString()).toBe("old");
    expect((await storage.list(`${p}/`)).map((file) => file.key)).toEqual([`${p}/kept.pdf`]);
  });

  it("stores nothing when the source fails half-way, and says why", async () => {
    const storage = store();
    const p = prefix();
    await expect(storage.putStream(`${p}/cut.pdf`, failingSource(1000), "application/pdf")).rejects.toThrow(
      /connection reset/,
    );
    // After two whole S3 parts were sent: the multipart upload must be dropped, not completed.
    await expect(
      storage.putStream(`${p}/cut.zip`, failingSource(20 * 1024 * 1024), "application/zip"),
    ).rejects.toThrow(/connection reset/);
    expect(await storage.exists(`${p}/cut.pdf`)).toBe(false);
    expect(await storage.exists(`${p}/cut.zip`)).toBe(false);
    expect(await storage.list(`${p}/`)).toEqual([]);
  });

  it("lists by prefix in key order with sizes", async () => {
    const storage = store();
    const p = prefix();
    await storage.put(`${p}/library/b/v1.pdf`, Buffer.from("bb"), "application/pdf");
    await storage.put(`${p}/library/a/v1.pdf`, Buffer.from("a"), "application/pdf");
    await storage.put(`${p}/certificates/c.pdf`, Buffer.from("ccc"), "application/pdf");
    const listed = await storage.list(`${p}/library/`);
    expect(listed.map((file) => [file.key, file.byteSize])).toEqual([
      [`${p}/library/a/v1.pdf`, 1],
      [`${p}/library/b/v1.pdf`, 2],
    ]);
    expect(listed[0]?.modifiedAt).toBeInstanceOf(Date);
    expect((await storage.list(`${p}/`)).length).toBe(3);
    expect(await storage.list(`${p}/nothing/`)).toEqual([]);
  });
});
