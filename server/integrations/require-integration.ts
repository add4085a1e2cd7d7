// Each integration plugin decorates the app with its client, or null while the service is not set up. A route that
// cannot work without one asks for it here: the answer is then a 503 whose message says "not configured", which the
// pages turn into their "is being set up" text (see docs/product.md, Sandbox and demonstration), never a crash.
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env";
import { httpError } from "../plugins/errors";

/** The client, or a thrown 503 with `message` (it must say "not configured": the pages look for those words). */
export function requireIntegration<T>(client: T | null, message: string): T {
  if (client === null) throw httpError(503, message);
  return client;
}

type IntegrationName = "stripe" | "wallet" | "sheets" | "oidc" | "mailer" | "sms";

export interface IntegrationOptions<Client> {
  /** Stands in for the client the environment would give (tests, benchmarks); null means "not set up". */
  client?: Client;
}

/** For `integrationPlugin`: the client made from the environment's settings for it, or null while they are unset. */
export function whenConfigured<Config, Client>(
  configFrom: (env: Env) => Config | null | undefined,
  create: (config: Config) => Client,
): (env: Env) => Client | null {
  return (env) => {
    const config = configFrom(env);
    return config ? create(config) : null;
  };
}

/**
 * The plugin that decorates the app once with `name`: the client given in the options, else the one the
 * environment configures (or null while it configures none).
 */
export function integrationPlugin<Name extends IntegrationName>(
  name: Name,
  fromEnv: (env: Env) => FastifyInstance[Name] | Promise<FastifyInstance[Name]>,
): FastifyPluginAsync<IntegrationOptions<FastifyInstance[Name]>> {
  const plugin: FastifyPluginAsync<IntegrationOptions<FastifyInstance[Name]>> = async (app, options) => {
    // decorate's typing cannot follow a generic name; IntegrationName keeps it to the six clients.
    app.decorate(name, (options.client === undefined ? await fromEnv(app.env) : options.client) as never);
  };
  return fp(plugin, { name });
}
