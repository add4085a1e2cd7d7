// app.oidc: the OpenID Connect client subscriber sign-in uses when OIDC_* are set, or null (sign-in then mails a
// code and a link instead). One client per app: one discovery of the provider serves every sign-in.
import { createOidcClient, type OidcClient, oidcConfigFrom } from "./oidc";
import { integrationPlugin, whenConfigured } from "./require-integration";

declare module "fastify" {
  interface FastifyInstance {
    oidc: OidcClient | null;
  }
}

export default integrationPlugin("oidc", whenConfigured(oidcConfigFrom, createOidcClient));
