// Every /api route answers with a body described by a response contract from shared/ (fastify-type-provider-zod
// serialises it through that schema, so nothing outside the contract leaves the server). The few routes whose
// answer is not JSON are named here with the reason; the server refuses to start when a route has neither.
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";

/** Routes that answer with something other than a JSON body, and why. */
export const NON_JSON_ROUTES: Record<string, string> = {
  "GET /api/enrollments/export.csv": "a CSV file download",
  "GET /api/documents/:id/download": "a library file download, or a redirect to a 5-minute signed link to it",
  "GET /api/training/places/:id/calendar.ics": "a calendar file (.ics) download",
  "GET /api/admin/certificates/export.csv": "a CSV file download",
  "GET /api/admin/certificates/:id/pdf": "a PDF file download (a certificate)",
  "GET /api/admin/backups/:name": "a backup archive (tar.gz) download",
  "GET /api/my-training/certificates/:id/pdf": "a PDF file download (the holder's certificate)",
  "GET /api/login": "a redirect to the sign-in page or the OIDC provider",
  "GET /api/auth/callback": "a redirect back to the portal after OIDC sign-in",
  "GET /api/logout": "a redirect, or a small HTML page asking to confirm",
  "POST /api/logout": "a redirect to the portal (the confirm page's button)",
  "GET /api/mpaisa/return": "a redirect to the payment result page",
  "GET /api/mpaisa/sandbox/:requestId": "the sandbox gateway's own HTML payment page",
  "POST /api/mpaisa/sandbox/:requestId/:decision": "a redirect back, as the gateway's page does",
  "POST /api/admin/content/preview": "a whole HTML page: the Content view's preview of the draft",
  "POST /api/sms/status": "an empty 204 to Twilio's delivery report",
  "POST /api/sms/inbound": "TwiML (text/xml) answering a reply to a text (STOP, START, HELP)",
};

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its schema, for the contract check (and tests). */
    apiRoutes: readonly RegisteredRoute[];
  }
}

/** What is missing from a route's contract: a JSON answer without a 2xx response schema. */
export function contractGaps(route: RegisteredRoute): string[] {
  const key = `${route.method} ${route.url}`;
  if (key in NON_JSON_ROUTES) return [];
  const statuses = Object.keys(route.schema?.response ?? {});
  return statuses.some((status) => /^2/.test(status)) ? [] : [`${key} has no response contract`];
}

async function contracts(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.addHook("onReady", async () => {
    const gaps = routes.flatMap(contractGaps);
    if (gaps.length > 0) throw new Error(`Every /api route needs a response contract: ${gaps.join("; ")}`);
  });
}

export default fp(contracts, { name: "contracts" });
