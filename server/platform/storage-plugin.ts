// app.storage: where the app keeps the files it generates (server/platform/storage.ts), on the local disk under
// DATA_DIR/files unless a test or a later S3 setting gives another store.
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
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

const storagePlugin: FastifyPluginAsync<StoragePluginOptions> = async (app, options) => {
  app.decorate("storage", options.storage ?? localStorage(app.env.DATA_DIR));
};

export default fp(storagePlugin, { name: "storage" });
