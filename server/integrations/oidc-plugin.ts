// app.oidc: the OpenID Connect client subscriber sign-in uses when OIDC_* are set, or null (sign-in then mails a
// code and a link instead). One client per app: one discovery of the provider serves every sign-in.
import fp from "fastify-plugin";
import { createOidcClient, type OidcClient, oidcConfigFrom } from "./oidc";

declare module "fastify" {
  interface FastifyInstance {
    oidc: OidcClient | null;
  }
}

export interface OidcPluginOptions {
  /** Stands in for the client the environment would give (tests). */
  client?: OidcClient | null;
}

export default fp<OidcPluginOptions>(
  async (app, options) => {
    const fromEnv = () => {
      const config = oidcConfigFrom(app.env);
      return config ? createOidcClient(config) : null;
    };
    app.decorate("oidc", options.client === undefined ? fromEnv() : options.client);
  },
  { name: "oidc" },
);
