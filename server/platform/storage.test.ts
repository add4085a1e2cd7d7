import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { checkStorageKey, FileTooLargeError, localStorage, StorageKeyError } from "./storage";
import storagePlugin from "./storage-plugin";

const KEY = "certificates/PSR-B-2026-0042-v1.pdf";
const freshDir = () => mkdtempSync(join(tmpdir(), "rpas-storage-"));

describe("local file storage", () => {
  it("keeps a file under DATA_DIR/files/<key> and gives the same bytes back", async () => {
    const dataDir = freshDir();
    const storage = localStorage(dataDir);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();

    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255, 1]);
    await storage.put(KEY, bytes, "application/pdf");
    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.get(KEY)).toEqual(Buffer.from(bytes));
    expect(readFileSync(join(dataDir, "files", "certificates", "PSR-B-2026-0042-v1.pdf"))).toEqual(
      Buffer.from(bytes),
    );
  });

  it("replaces a file whole and leaves no temporary file behind", async () => {
    const dataDir = freshDir();
    const storage = localStorage(dataDir);
    await storage.put(KEY, Buffer.from("first version, longer than the second"), "application/pdf");
    await storage.put(KEY, Buffer.from("second"), "application/pdf");
    expect((await storage.get(KEY))?.toString()).toBe("second");
    expect(readdirSync(join(dataDir, "files", "certificates"))).toEqual(["PSR-B-2026-0042-v1.pdf"]);
  });

  it("deletes, and deleting what is not there is no error", async () => {
    const storage = localStorage(freshDir());
    await storage.put(KEY, Buffer.from("x"), "application/pdf");
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    await expect(storage.delete(KEY)).resolves.toBeUndefined();
    await expect(storage.delete("never/stored.pdf")).resolves.toBeUndefined();
  });

  it("sees a folder as no file", async () => {
    const storage = localStorage(freshDir());
    await storage.put(KEY, Buffer.from("x"), "application/pdf");
    expect(await storage.exists("certificates")).toBe(false);
    expect(await storage.get(`${KEY}/inside`)).toBeNull();
  });

  it("cleans up its temporary file when the write fails", async () => {
    const dataDir = freshDir();
    const storage = localStorage(dataDir);
    // The key's path is a folder, so the final rename fails after the temporary file was written.
    await storage.put("certificates/taken/inside.pdf", Buffer.from("x"), "application/pdf");
    await expect(storage.put("certificates/taken", Buffer.from("y"), "application/pdf")).rejects.toThrow();
    expect(readdirSync(join(dataDir, "files", "certificates")).sort()).toEqual(["taken"]);
  });

  it.each([
    "",
    "../secret.pdf",
    "certificates/../../etc/passwd",
    "/etc/passwd",
    "certificates//double.pdf",
    "certificates/",
    "./here.pdf",
    ".hidden",
    "certificates/.tmp",
    "back\\slash.pdf",
    "spaces in name.pdf",
    "nul\0byte.pdf",
    "ümlaut.pdf",
    `${"a".repeat(600)}.pdf`,
  ])("refuses the key %j", async (key) => {
    const dataDir = freshDir();
    const storage = localStorage(dataDir);
    expect(() => checkStorageKey(key)).toThrow(StorageKeyError);
    await expect(storage.put(key, Buffer.from("x"), "application/pdf")).rejects.toThrow(StorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    expect(existsSync(join(dataDir, "files"))).toBe(false);
  });

  it("accepts plain keys with dots, dashes and underscores", () => {
    expect(checkStorageKey(KEY)).toEqual(["certificates", "PSR-B-2026-0042-v1.pdf"]);
    expect(checkStorageKey("documents/2026/flight_manual.v2.pdf")).toHaveLength(3);
  });

  it("is the app's storage, under the app's DATA_DIR", async () => {
    const dataDir = freshDir();
    const app = Fastify();
    app.decorate("env", { DATA_DIR: dataDir } as Env);
    await app.register(storagePlugin);
    await app.ready();
    await app.storage.put(KEY, Buffer.from("pdf"), "application/pdf");
    expect(readFileSync(join(dataDir, "files", KEY), "utf8")).toBe("pdf");
    await app.close();
  });
});

describe("local file storage, streamed", () => {
  const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

  it("stores a stream whole, answers its size and SHA-256, and streams it back", async () => {
    const storage = localStorage(freshDir());
    const stored = await storage.putStream(
      "library/a/v1.pdf",
      chunks("%PDF-", "1.7 ", "body"),
      "application/pdf",
    );
    expect(stored.byteSize).toBe(13);
    expect(stored.sha256).toBe(createHash("sha256").update("%PDF-1.7 body").digest("hex"));
    const back = await storage.getStream("library/a/v1.pdf");
    expect(back?.byteSize).toBe(13);
    const read: Buffer[] = [];
    for await (const chunk of back?.stream ?? []) read.push(chunk as Buffer);
    expect(Buffer.concat(read).toString()).toBe("%PDF-1.7 body");
    expect(await storage.getStream("library/a/v2.pdf")).toBeNull();
  });

  it("stores nothing past the size limit, nor when the source fails half-way", async () => {
    const dataDir = freshDir();
    const storage = localStorage(dataDir);
    await expect(
      storage.putStream("library/big.zip", chunks("12345", "67890", "x"), "application/zip", {
        maxBytes: 10,
      }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    const failing = new Readable({
      read() {
        this.push(Buffer.from("half"));
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(storage.putStream("library/cut.zip", failing, "application/zip")).rejects.toThrow(/reset/);
    expect(await storage.exists("library/big.zip")).toBe(false);
    expect(await storage.exists("library/cut.zip")).toBe(false);
    expect(readdirSync(join(dataDir, "files", "library"))).toEqual([]);
  });

  it("lists stored files by prefix in key order, without temporary files", async () => {
    const storage = localStorage(freshDir());
    await storage.put("library/b/v1.pdf", Buffer.from("bb"), "application/pdf");
    await storage.put("library/a/v1.pdf", Buffer.from("a"), "application/pdf");
    await storage.put("certificates/c.pdf", Buffer.from("ccc"), "application/pdf");
    const listed = await storage.list("library/");
    expect(listed.map((file) => [file.key, file.byteSize])).toEqual([
      ["library/a/v1.pdf", 1],
      ["library/b/v1.pdf", 2],
    ]);
    expect((await storage.list("")).length).toBe(3);
    expect(await storage.list("nothing/")).toEqual([]);
  });
});
