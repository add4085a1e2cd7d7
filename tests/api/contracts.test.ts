// Every /api route declares its response contract (from shared/), and its request schema where it takes input.

import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import contracts, { contractGaps, NON_JSON_ROUTES } from "../../server/plugins/contracts";
import { withTestApp } from "../helpers/test-app";

/** Actions whose request carries nothing but the session (or, for the webhook, a body checked by its signature). */
const BODYLESS = new Set([
  "POST /api/stripe/webhook",
  "POST /api/billing-portal",
  "POST /api/subscription/cancel",
  "POST /api/logout",
  "POST /api/admin/logout",
  "POST /api/admin/mfa/recovery-codes",
  "POST /api/admin/sessions/end-others",
  "POST /api/admin/sync-google-sheets",
  "POST /api/admin/outbox/:id/resend",
  "POST /api/admin/staff/invites/:id/resend",
  "POST /api/admin/staff/invites/:id/revoke",
  "POST /api/admin/spam/:kind/:id/not-spam",
  "POST /api/training/applications/:id/texts/resend",
  "POST /api/admin/reviews/:id/feature",
  "POST /api/admin/reviews/:id/unfeature",
  "PATCH /api/admin/messages/:id/handled",
  "POST /api/mpaisa/sandbox/:requestId/:decision",
  "POST /api/admin/intakes/:id/close",
  "POST /api/admin/intakes/:id/reopen",
  "POST /api/admin/intakes/:id/cancel",
  "POST /api/admin/places/:id/accept",
  "POST /api/admin/places/:id/decline",
  "POST /api/training/places/:id/cancel",
  "POST /api/admin/library/documents/:id/versions/:version/restore",
  // Library uploads are multipart: the metadata field is checked with DocumentMetadataSchema, the file by its bytes.
  "POST /api/admin/library/documents",
  "POST /api/admin/library/documents/:id/versions",
  // The owner's picture uploads are multipart too: kind and alt checked with their schemas, the file by its bytes.
  "POST /api/admin/media",
  // "Back up now" and `npm run backup` (its token is a bearer header) send nothing.
  "POST /api/admin/backups",
  "POST /api/backups/local",
]);

/** Routes that read a query string (paging, filters, search, a return path): each validates it with a schema. */
const WITH_QUERY = [
  "GET /api/enrollments",
  "GET /api/enrollments/summary",
  "GET /api/admin/messages",
  "GET /api/admin/reviews",
  "GET /api/admin/audit",
  "GET /api/admin/spam",
  "GET /api/admin/outbox",
  "GET /api/admin/subscribers",
  "GET /api/admin/wallet-payments",
  "GET /api/login",
  "GET /api/mpaisa/return",
  "GET /api/training/confirm",
  "GET /api/documents",
  "GET /api/admin/library/documents",
  "GET /api/admin/library/documents/:id/downloads",
  "GET /api/admin/library/downloads",
];

describe("API contracts", () => {
  const t = withTestApp({ env: { PAYMENTS_SANDBOX: "true", PUBLIC_URL: "http://127.0.0.1:5000" } });

  it("gives every JSON route a response schema", () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
    expect(t.app.apiRoutes.flatMap(contractGaps)).toEqual([]);
  });

  it("refuses to start an app with a JSON route that has no response contract", async () => {
    const app = Fastify();
    await app.register(contracts);
    app.get("/api/forgotten", async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten has no response contract/);
  });

  it("names only routes that exist as answering without JSON", () => {
    const keys = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(NON_JSON_ROUTES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("validates the input of every route that takes a body, and of every route with path parameters", () => {
    const missing = t.app.apiRoutes.filter(
      (route) =>
        (["POST", "PATCH", "PUT"].includes(route.method) &&
          !route.schema?.body &&
          !BODYLESS.has(`${route.method} ${route.url}`)) ||
        (route.url.includes("/:") && !route.schema?.params),
    );
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it("validates the query string of every route that reads one", () => {
    const withQuery = new Set(
      t.app.apiRoutes
        .filter((route) => route.schema?.querystring)
        .map((route) => `${route.method} ${route.url}`),
    );
    expect(WITH_QUERY.filter((key) => !withQuery.has(key))).toEqual([]);
  });
});
