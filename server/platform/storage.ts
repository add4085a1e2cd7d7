// Where files are kept (certificate PDFs, the document library, backups): a small interface with the local disk
// under DATA_DIR/files as the embedded default; an S3-compatible store implements the same calls (issue 16).
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files";

/** A stored file as listed. */
export interface StoredFile {
  key: string;
  byteSize: number;
  modifiedAt: Date;
}

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing what was there; the key's file is never seen half written. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Stores what `source` yields under `key`; the key is never seen half written. When the source fails or passes
   * `maxBytes`, nothing is stored (FileTooLargeError for the limit) and the source is destroyed.
   */
  putStream(
    key: string,
    source: Readable,
    contentType: string,
    options?: { maxBytes?: number },
  ): Promise<{ byteSize: number; sha256: string }>;
  /** The stored bytes as a stream with their size, or null when nothing is stored under `key`. */
  getStream(key: string): Promise<{ stream: Readable; byteSize: number } | null>;
  /** Every file whose key starts with `prefix` ("" for all), in key order. */
  list(prefix: string): Promise<StoredFile[]>;
  /** "local" or "s3": where the files are, for the health check, the README's backup advice and the logs. */
  readonly kind: "local" | "s3";
  /** The S3 store's endpoint and bucket ("https://s3.example.com/rpas"), for the owner's Backups view; no keys. */
  readonly where?: string;
  /**
   * A link that downloads the file straight from the store, as an attachment named `fileName`, valid for
   * `expiresInSeconds` (at most 300: callers check access first, and the link must not outlive that check for
   * long). Only stores the browser can reach have it (S3 with S3_SIGNED_LINKS on); without it, stream getStream.
   */
  signedDownloadUrl?(
    key: string,
    options: { expiresInSeconds: number; fileName: string; contentType: string },
  ): Promise<string>;
}

/** The stream passed the size limit of putStream; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/** The store did not answer (network, credentials, bucket); the message says which, for the log. */
export class StorageUnavailableError extends Error {}

/** Counts and hashes the bytes passing through, failing with FileTooLargeError past `maxBytes`. */
export function measuringStream(maxBytes = Number.POSITIVE_INFINITY) {
  const hash = createHash("sha256");
  let byteSize = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      byteSize += chunk.length;
      if (byteSize > maxBytes) return callback(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ byteSize, sha256: hash.digest("hex") }) };
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

/**
 * The files under `DATA_DIR/files/<key>`, owner-only (new files 0600 in 0700 directories: the umask only removes bits
 * from those). The content type is not kept: the key's extension already says it.
 */
export function localStorage(dataDir: string): FileStorage {
  const root = join(dataDir, "files");
  const pathOf = (key: string) => join(root, ...checkStorageKey(key));

  return {
    kind: "local",

    async put(key, bytes) {
      const path = pathOf(key);
      const dir = dirname(path);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // A temporary name no key can have (keys never start with a dot), flushed to disk before the rename that
      // makes it visible: a crash leaves either the old file or the new one, and at worst a stray temporary file.
      const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      try {
        const handle = await open(temporary, "wx", PRIVATE_FILE_MODE);
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

    async putStream(key, source, _contentType, options) {
      const path = pathOf(key);
      const dir = dirname(path);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      const measure = measuringStream(options?.maxBytes);
      try {
        await pipeline(
          source,
          measure.transform,
          createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE }),
        );
        const handle = await open(temporary, "r+");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        source.destroy();
        await unlink(temporary).catch(() => {});
        throw error;
      }
      await syncDirectory(dir);
      return measure.result();
    },

    async getStream(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), byteSize: info.size };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async list(prefix) {
      const files: StoredFile[] = [];
      const walk = async (dir: string) => {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (missing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          // Temporary files start with a dot; no key does.
          if (entry.name.startsWith(".")) continue;
          const path = join(dir, entry.name);
          if (entry.isDirectory()) await walk(path);
          else if (entry.isFile()) {
            const key = relative(root, path).split(sep).join("/");
            if (!key.startsWith(prefix)) continue;
            const info = await stat(path);
            files.push({ key, byteSize: info.size, modifiedAt: info.mtime });
          }
        }
      };
      await walk(root);
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
