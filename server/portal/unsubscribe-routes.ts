// Leaving the monthly digest (docs/product.md, Monthly digest). The e-mail's link opens /unsubscribe?token=…, a page
// with a button: opening the link never acts by itself (mail scanners open links). The button is a plain form POST
// to the page, so it works without JavaScript; it lands back on the page, which then says it is done. Mail programs
// use the one-click POST /api/digest/unsubscribe?token=… of the List-Unsubscribe header (RFC 8058): it comes from
// the mail provider, not our pages, so it is on the CSRF exemption list and trusts the signed token alone.
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  OneClickBodySchema,
  UNSUBSCRIBE_INVALID_MESSAGE,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBED_MESSAGE,
  type UnsubscribeAnswer,
  UnsubscribedSchema,
  UnsubscribeQuerySchema,
} from "../../shared/digest";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { loadSlotRenderer } from "../platform/live-pages";
import { ANSWER_SLOT, type SitePages } from "../platform/site-pages";
import { httpError } from "../plugins/errors";
import { userOfToken } from "./unsubscribe-token";

/** Turns the digest off for a subscriber (kept at its first time); answers their e-mail, or null if none. */
export async function optOutOfDigest(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ digestOptOutAt: sql`coalesce(${users.digestOptOutAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}

/** The token of a query or form body, whatever shape the client sent. */
function tokenOf(...sources: unknown[]): string | undefined {
  for (const source of sources) {
    const token = (source as Record<string, unknown> | undefined)?.token;
    if (typeof token === "string") return token;
  }
  return undefined;
}

const ONE_CLICK = { "List-Unsubscribe": "One-Click" } as const;
const ONE_CLICK_PART = /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/;

/** Form bodies (the page's button, a mail program's "List-Unsubscribe=One-Click"), parsed into their fields. */
function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 8058 asks mail programs to prefer multipart for the one-click POST: its one field is all there is to read.
  scope.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, ONE_CLICK_PART.test(String(body)) ? ONE_CLICK : {}),
  );
}

/** The one-click route, registered with the public API. */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  app.post(
    ONE_CLICK_UNSUBSCRIBE_PATH,
    {
      schema: {
        querystring: UnsubscribeQuerySchema,
        body: OneClickBodySchema,
        response: { 200: UnsubscribedSchema },
      },
    },
    async (request) => {
      const userId = userOfToken(app.unsubscribeKey, request.query.token);
      if (userId === null || (await optOutOfDigest(app.db, userId)) === null) {
        throw httpError(400, UNSUBSCRIBE_INVALID_MESSAGE);
      }
      request.log.info({ userId }, "digest unsubscribed (one-click)");
      return { message: UNSUBSCRIBED_MESSAGE };
    },
  );
};

/** What web/entry-live.tsx renders for this page. */
interface AnswerRenderer {
  renderUnsubscribeAnswer(answer: UnsubscribeAnswer): string;
}

/** The page itself, filled by the server at each request (registered only when the built site is served). */
export async function unsubscribePageRoutes(
  app: FastifyInstance,
  options: { clientDir: string; pages: SitePages },
): Promise<void> {
  // Read at each request: the page is rendered again when the owner changes the company details (ADR 036).
  const template = () => options.pages.answered.get(UNSUBSCRIBE_PATH) ?? "";
  if (!template()) {
    throw new Error(
      `The built site has no ${UNSUBSCRIBE_PATH} page with an answer slot: run \`npm run build\`.`,
    );
  }
  const renderer = await loadSlotRenderer<AnswerRenderer>(options.clientDir);
  const answer = (reply: FastifyReply, shown: UnsubscribeAnswer) =>
    reply
      .status(shown.kind === "invalid" ? 400 : 200)
      .type("text/html; charset=utf-8")
      .header("X-Robots-Tag", "noindex")
      // A replacement function: a '$' in an address must stay a '$'. React escapes the values.
      .send(template().replace(ANSWER_SLOT, (marker) => marker + renderer.renderUnsubscribeAnswer(shown)));

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const token = tokenOf(request.query);
    if (token === undefined) return answer(reply, { kind: "no-link" });
    const userId = userOfToken(app.unsubscribeKey, token);
    if (userId === null) return answer(reply, { kind: "invalid" });
    const [user] = await app.db
      .select({ email: users.email, optedOutAt: users.digestOptOutAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) return answer(reply, { kind: "invalid" });
    return answer(
      reply,
      user.optedOutAt ? { kind: "done", email: user.email } : { kind: "confirm", email: user.email, token },
    );
  });

  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const token = tokenOf(request.body, request.query);
      const userId = userOfToken(app.unsubscribeKey, token);
      if (userId === null || token === undefined || (await optOutOfDigest(app.db, userId)) === null) {
        return answer(reply, { kind: "invalid" });
      }
      request.log.info({ userId }, "digest unsubscribed");
      // Back to the page (it now says it is done), so a reload does not post again.
      return reply.redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, 303);
    });
  });
}
