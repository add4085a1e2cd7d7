// app.storage: where the app keeps its files (certificate PDFs, the document library): an S3-compatible store when
// S3_URL is set, else the local disk under DATA_DIR/files; a test may hand in its own store.
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { s3ConfigFromEnv } from "./s3-config";
import { s3Storage } from "./s3-storage";
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

/** The store the environment asks for (also used by the restore script, so it stays synchronous). */
export function storageFromEnv(
  env: Parameters<typeof s3ConfigFromEnv>[0] & { DATA_DIR: string },
): FileStorage {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? s3Storage(s3) : localStorage(env.DATA_DIR);
}

const storagePlugin: FastifyPluginAsync<StoragePluginOptions> = async (app, options) => {
  const storage = options.storage ?? storageFromEnv(app.env);
  app.decorate("storage", storage);
  // Which store, never its keys: S3_URL holds no credentials (server/env.ts refuses them there).
  app.log.info({ storage: storage.kind }, "file storage ready");
  if (storage.kind === "s3") {
    // A wrong bucket name or key pair should show in the log at start, not at the first upload. Reading a key that
    // is never written answers null when the bucket and keys are right. Not awaited: the site starts either way.
    app.addHook("onReady", async () => {
      void storage.get(STARTUP_PROBE_KEY).then(
        () => app.log.info("file storage answers"),
        (error: unknown) =>
          app.log.error({ err: error }, "file storage cannot be used: check S3_URL and the keys"),
      );
    });
  }
};

/** A key the app never writes. */
export const STARTUP_PROBE_KEY = "startup-check/never-written";

export default fp(storagePlugin, { name: "storage" });
