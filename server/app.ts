// Assembles the Fastify app from its plugins and routes. Tests build it with an in-memory database and inject
// requests; server/index.ts builds it from the environment and listens.
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Db } from "./db/client";
import type { Env } from "./env";
import errors from "./plugins/errors";
import security from "./plugins/security";
import staticSite from "./plugins/static-site";
import { healthRoutes } from "./routes/health";
import type { SitePages } from "./services/site-pages";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    env: Env;
  }
}

export interface AppOptions {
  env: Env;
  db: Db;
  /** The built site; absent in API-only tests and in development (Vite serves the pages). */
  site?: { clientDir: string; pages: SitePages };
  logger?: boolean;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", options.db);
  app.decorate("env", env);

  await app.register(errors);
  await app.register(security, {
    https: env.PUBLIC_URL.startsWith("https://"),
    scriptHashes: options.site?.pages.scriptHashes ?? [],
  });
  // Dynamic responses only: pages and assets are already compressed.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(healthRoutes);

  if (options.site) {
    await app.register(staticSite, { ...options.site, origin: env.PUBLIC_URL });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found" }));
  }
  return app;
}
