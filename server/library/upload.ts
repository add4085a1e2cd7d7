// Receiving a library file: the multipart part is streamed straight into app.storage (never held whole in memory),
// after its first bytes proved it is what its name says. Whatever goes wrong (too large, wrong type, the browser
// gave up half-way, the store is down) leaves nothing stored and answers a clear 4xx/503.
import { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  EMPTY_FILE_MESSAGE,
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  type LibraryFileType,
  MAX_UPLOAD_BYTES,
  UPLOAD_INCOMPLETE_MESSAGE,
  UPLOAD_STORAGE_UNAVAILABLE_MESSAGE,
} from "../../shared/library";
import { FileTooLargeError } from "../platform/storage";
import { httpError } from "../plugins/errors";
import { checkContents, claimedType, cleanFileName, contentTypeOf, SNIFF_BYTES } from "./files";

/** Busboy's own limit sits one byte past ours, so putStream sees the excess and refuses it (a truncated part ends quietly). */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES + 1,
  files: 1,
  fields: 4,
  fieldSize: 16 * 1024,
  parts: 5,
};

export const TOO_MANY_PARTS_MESSAGE = "Send one file and the document's details, nothing else.";

/** The file part of a multipart request (fields sent before it are on `part.fields`); 400 without one. */
export async function filePart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw httpError(400, FILE_REQUIRED_MESSAGE);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: MULTIPART_LIMITS });
  } catch (error) {
    // Busboy's limits (parts, fields) and malformed bodies: the library's own words, not the parser's.
    const tooMany = (error as { statusCode?: number }).statusCode === 413;
    throw httpError(400, tooMany ? TOO_MANY_PARTS_MESSAGE : UPLOAD_INCOMPLETE_MESSAGE);
  }
  if (part?.fieldname !== "file") {
    part?.file.resume();
    throw httpError(400, FILE_REQUIRED_MESSAGE);
  }
  return part;
}

/** Throws away the rest of a part that will not be kept (the errors it may still raise included). */
export function discard(part: MultipartFile): void {
  part.file.on("error", () => {});
  part.file.resume();
}

/** The file name's claimed type, or a 400; checked before any byte is read. */
export function requireLibraryType(part: MultipartFile): { fileName: string; type: LibraryFileType } {
  const fileName = cleanFileName(part.filename ?? "");
  const claimed = claimedType(fileName);
  if (!claimed.ok) {
    discard(part);
    throw httpError(400, claimed.message);
  }
  return { fileName, type: claimed.type };
}

export interface StoredFile {
  key: string;
  type: LibraryFileType;
  contentType: string;
  byteSize: number;
  sha256: string;
}

/** Reads up to `bytes` from the start of `source`; `rest` replays them followed by everything after. */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value as Buffer);
    size += (next.value as Buffer).length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const rest = Readable.from(replay(), { objectMode: false });
  // Destroying the replay (putStream does on failure) must stop the upload itself too.
  rest.on("close", () => {
    if (!rest.readableEnded) source.destroy();
  });
  return { head: head.subarray(0, bytes), rest };
}

/**
 * Checks the part's bytes against `type` and streams it to `key`. The caller has not written any row yet, and
 * writes its rows only after this returns (deleting the file again if that fails).
 */
export async function storeUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  part: MultipartFile,
  type: LibraryFileType,
  key: string,
): Promise<StoredFile> {
  let sourceFailed = false;
  part.file.on("error", () => {
    sourceFailed = true;
  });
  let peeked: Awaited<ReturnType<typeof peek>>;
  try {
    peeked = await peek(part.file, SNIFF_BYTES);
  } catch {
    throw httpError(400, UPLOAD_INCOMPLETE_MESSAGE);
  }
  if (peeked.head.length === 0) throw httpError(400, EMPTY_FILE_MESSAGE);
  const contents = await checkContents(peeked.head, type);
  if (!contents.ok) {
    peeked.rest.destroy();
    throw httpError(400, contents.message);
  }
  const contentType = contentTypeOf(type);
  try {
    const stored = await app.storage.putStream(key, peeked.rest, contentType, { maxBytes: MAX_UPLOAD_BYTES });
    return { key, type, contentType, ...stored };
  } catch (error) {
    if (error instanceof FileTooLargeError || part.file.truncated)
      throw httpError(413, FILE_TOO_LARGE_MESSAGE);
    if (sourceFailed || (error as { code?: string }).code?.startsWith("FST_")) {
      throw httpError(400, UPLOAD_INCOMPLETE_MESSAGE);
    }
    // The store itself failed: S3 unreachable (StorageUnavailableError), or the disk full or read-only.
    request.log.error({ err: error, key }, "library upload could not be stored");
    throw httpError(503, UPLOAD_STORAGE_UNAVAILABLE_MESSAGE);
  }
}

/** Removes a stored file whose row could not be written; a failure here is logged, never hides the first one. */
export async function removeStored(app: FastifyInstance, key: string): Promise<void> {
  await app.storage.delete(key).catch((error: unknown) => {
    app.log.error({ err: error, key }, "could not remove a library file left without a row");
  });
}
