// A local S3: s3rver (a fake that speaks S3's wire format, so the real AWS SDK code runs) on a free port with a
// temporary folder and one bucket, and an s3Storage pointed at it. Tests use it through tests/helpers/s3.ts; the
// storage benchmark starts it directly.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../server/platform/s3-config";
import { s3Storage } from "../../server/platform/s3-storage";
import type { FileStorage } from "../../server/platform/storage";

export const FAKE_S3_BUCKET = "rpas-test-files";
/** s3rver's built-in account. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export interface FakeS3 {
  /** The endpoint without the bucket, e.g. "http://127.0.0.1:40123". */
  endpoint: string;
  /** S3_URL for the app: the endpoint and the bucket. */
  url: string;
  config: S3Config;
  storage: FileStorage;
  /** The S3_* variables that make the app use this store. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), "rpas-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: FAKE_S3_BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket: FAKE_S3_BUCKET,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    signedLinks: true,
  };
  return {
    endpoint,
    url: `${endpoint}/${FAKE_S3_BUCKET}`,
    config,
    storage: s3Storage(config),
    env: {
      S3_URL: `${endpoint}/${FAKE_S3_BUCKET}`,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
