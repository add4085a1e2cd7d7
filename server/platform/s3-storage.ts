// The file store on an S3-compatible service (AWS S3, MinIO, Cloudflare R2): the same calls as the local disk, with
// the same promises (a key is never seen half written; a failed or oversized stream stores nothing), plus short
// signed download links so large files go from the store to the browser without passing through the app.
// The AWS SDK is loaded at the store's first call, not with the server: a server without S3_URL never loads it, and
// one with it does not wait for it at start (ADR 039).

import { pipeline, type Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "./s3-config";
import {
  checkStorageKey,
  type FileStorage,
  measuringStream,
  StorageUnavailableError,
  type StoredFile,
} from "./storage";

/** The longest a signed link may live: long enough to start a download, too short to be worth sharing. */
export const MAX_SIGNED_URL_SECONDS = 300;

/** Stops waiting for a store that does not answer, so a request fails in seconds rather than hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Time allowed without any bytes moving on an open request (not the whole transfer: big files take longer). */
const IDLE_TIMEOUT_MS = 30_000;

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * A missing object: GetObject says NoSuchKey, HeadObject (no body) only 404. A missing bucket is a 404 too, but
 * it is the store's configuration that is wrong, not the file that is absent. (HeadObject cannot tell the two
 * apart: exists() on a missing bucket answers false, and the next get or put says what is wrong.)
 */
function isNotFound(error: unknown): boolean {
  const e = error as SdkError;
  if (e?.name === "NoSuchBucket") return false;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Answers the store's own failures (network, credentials, bucket, its 5xx) as StorageUnavailableError with a
 * message for the log that names the endpoint and the cause but never a key; other errors pass unchanged.
 */
export function storageFailure(error: unknown, where: string): unknown {
  const e = error as SdkError;
  if (error instanceof StorageUnavailableError) return error;
  const status = e?.$metadata?.httpStatusCode;
  const name = e?.name ?? "";
  let reason: string | null = null;
  if (name === "NoSuchBucket") reason = "the bucket does not exist";
  else if (["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "Forbidden"].includes(name)) {
    reason = `the store refused our credentials (${name})`;
  } else if (status === 401 || status === 403) reason = `the store refused our credentials (HTTP ${status})`;
  else if (status !== undefined && status >= 500) reason = `the store answered HTTP ${status} (${name})`;
  else if (NETWORK_CODES.has(e?.code ?? "") || NETWORK_CODES.has(name))
    reason = `unreachable (${e.code ?? name})`;
  else if (name === "TimeoutError" || name === "RequestTimeout") reason = "it did not answer in time";
  if (reason === null) return error;
  return new StorageUnavailableError(`S3 storage at ${where}: ${reason}`, { cause: error });
}

/** `attachment; filename="..."` with a plain ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, "_").slice(0, 200) || "download";
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The three SDK packages the store uses, loaded together once. */
function loadSdk() {
  return Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/lib-storage"),
    import("@aws-sdk/s3-request-presigner"),
  ]).then(([s3, storage, presigner]) => ({ ...s3, ...storage, ...presigner }));
}

type Sdk = Awaited<ReturnType<typeof loadSdk>>;

function createClient(sdk: Sdk, config: S3Config): S3Client {
  return new sdk.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Path-style addresses (endpoint/bucket/key) work on AWS, MinIO and R2 alike and need no DNS per bucket.
    forcePathStyle: true,
    // Checksums only where S3 demands them: MinIO, R2 and the test fake do not all understand the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  });
}

export function s3Storage(config: S3Config): FileStorage {
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  /** The SDK and the client, made at the first call (a failed load is tried again at the next). */
  const connect = () => {
    ready ??= loadSdk().then(
      (sdk) => ({ sdk, client: createClient(sdk, config) }),
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  const Bucket = config.bucket;
  const where = `${config.endpoint}/${Bucket}`;
  /** Runs one call of the store, turning its failures into StorageUnavailableError. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw storageFailure(error, where);
    }
  };
  const orNull = async <T>(run: () => Promise<T>): Promise<T | null> =>
    call(async () => {
      try {
        return await run();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });

  const storage: FileStorage = {
    kind: "s3",
    where: `${config.endpoint}/${config.bucket}`,

    async put(key, bytes, contentType) {
      checkStorageKey(key);
      const { sdk, client } = await connect();
      await call(() =>
        client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType })),
      );
    },

    async get(key) {
      checkStorageKey(key);
      const { sdk, client } = await connect();
      return orNull(async () => {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const bytes = await object.Body?.transformToByteArray();
        return Buffer.from(bytes ?? []);
      });
    },

    async exists(key) {
      checkStorageKey(key);
      const { sdk, client } = await connect();
      return (await orNull(() => client.send(new sdk.HeadObjectCommand({ Bucket, Key: key })))) !== null;
    },

    async delete(key) {
      checkStorageKey(key);
      // S3 answers success for a key that holds nothing, as the interface asks.
      const { sdk, client } = await connect();
      await call(() => client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })));
    },

    async putStream(key, source, contentType, options) {
      checkStorageKey(key);
      const { sdk, client } = await connect();
      const measure = measuringStream(options?.maxBytes);
      // The source's failure (or the size limit) is remembered: the uploader then aborts the multipart upload,
      // and that abort may fail in turn, but the caller must hear why the stream stopped.
      let streamError: unknown = null;
      const body = pipeline(source, measure.transform, (error) => {
        if (error) streamError = error;
      });
      // Parts of 8 MiB, two at a time: a 50 MB file is 7 parts and at most 16 MiB held in memory.
      const upload = new sdk.Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        source.destroy();
        body.destroy();
        throw streamError ?? storageFailure(error, where);
      }
      return measure.result();
    },

    async getStream(key) {
      checkStorageKey(key);
      const { sdk, client } = await connect();
      return orNull(async () => {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, byteSize: object.ContentLength ?? 0 };
      });
    },

    async list(prefix) {
      const { sdk, client } = await connect();
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await call(() =>
          client.send(
            new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
          ),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          files.push({
            key: object.Key,
            byteSize: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
  if (!config.signedLinks) return storage;
  return {
    ...storage,
    async signedDownloadUrl(key, { expiresInSeconds, fileName, contentType }) {
      checkStorageKey(key);
      const expiresIn = Math.max(1, Math.min(MAX_SIGNED_URL_SECONDS, Math.floor(expiresInSeconds)));
      const { sdk, client } = await connect();
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: contentType,
        ResponseCacheControl: "private, no-store",
      });
      // Signing is local (no request to the store), so it cannot fail for want of a network.
      return sdk.getSignedUrl(client, command, { expiresIn });
    },
  };
}
