// Where generated files (certificate PDFs, later the document library) are kept: a small interface with one
// implementation on the local disk under DATA_DIR/files. An S3-compatible store can implement the same four calls.
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing what was there; the key's file is never seen half written. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are relative paths of plain segments ("certificates/PSR-B-2026-0042-v1.pdf"): letters, digits, dot, dash and
 * underscore, each segment starting with a letter or digit, so no key can be "..", hidden, absolute, or reach
 * outside the store, and every key is a valid S3 object name too.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export class StorageKeyError extends Error {}

export function checkStorageKey(key: string): string[] {
  const segments = key.split("/");
  if (
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !segments.every((segment) => SEGMENT.test(segment))
  ) {
    throw new StorageKeyError(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
  return segments;
}

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
};

/** The files under `DATA_DIR/files/<key>`. The content type is not kept: the key's extension already says it. */
export function localStorage(dataDir: string): FileStorage {
  const root = join(dataDir, "files");
  const pathOf = (key: string) => join(root, ...checkStorageKey(key));

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      const dir = dirname(path);
      await mkdir(dir, { recursive: true });
      // A temporary name no key can have (keys never start with a dot), flushed to disk before the rename that
      // makes it visible: a crash leaves either the old file or the new one, and at worst a stray temporary file.
      const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      try {
        const handle = await open(temporary, "wx", 0o640);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
      await syncDirectory(dir);
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
  };
}

/** Makes the rename itself durable. Some file systems cannot sync a directory; the file's own data is synced. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort only (see above).
  }
}
