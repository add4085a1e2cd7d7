// app.storage: where the app keeps its files (certificate PDFs, the document library): an S3-compatible store when
// S3_URL is set, else the local disk under DATA_DIR/files; a test may hand in its own store.
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { s3ConfigFromEnv } from "./s3-config";
import { type FileStorage, localStorage } from "./storage";

declare module "fastify" {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface StoragePluginOptions {
  /** Stands in for the store the environment would give. */
  storage?: FileStorage;
}

/** The store the environment asks for. The S3 client is loaded only then: an install on the local disk skips it. */
export async function storageFromEnv(
  env: Parameters<typeof s3ConfigFromEnv>[0] & { DATA_DIR: string },
): Promise<FileStorage> {
  const s3 = s3ConfigFromEnv(env);
  if (!s3) return localStorage(env.DATA_DIR);
  const { s3Storage } = await import("./s3-storage");
  return s3Storage(s3);
}

const storagePlugin: FastifyPluginAsync<StoragePluginOptions> = async (app, options) => {
  const storage = options.storage ?? (await storageFromEnv(app.env));
  app.decorate("storage", storage);
  // Which store, never its keys: S3_URL holds no credentials (server/env.ts refuses them there).
  app.log.info({ storage: storage.kind }, "file storage ready");
};

export default fp(storagePlugin, { name: "storage" });
