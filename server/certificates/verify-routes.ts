// The verification page's answers (issue 15, point 3): GET /verify is the prerendered form; with ?number=&surname=
// or at /verify/<code> (the QR target) the server renders the answer into the same page, so the check works without
// JavaScript. Lookups are limited per address (the form alone is not); answers are never indexed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type VerifyAnswer, VerifyQuerySchema } from "../../shared/certificates";
import { loadSlotRenderer, quickPage, recompressInTurn } from "../platform/live-pages";
import { ANSWER_SLOT, type Page, type SitePages } from "../platform/site-pages";
import { sendPage } from "../plugins/static-site";
import { certificateByCode, certificateByNumber } from "./verify";

export const VERIFY_PATH = "/verify";

/** Lookups per minute from one address, across both ways of looking up: enough for an office, not for guessing. */
export const VERIFY_LOOKUPS_PER_MINUTE = 20;

/** What web/entry-live.tsx renders for this page. */
interface AnswerRenderer {
  renderVerifyAnswer(answer: VerifyAnswer): string;
}

const ANSWER_STATUS: Record<VerifyAnswer["kind"], number> = {
  found: 200,
  "not-found": 404,
  invalid: 400,
  "rate-limited": 429,
};

/** Seconds to wait when this lookup is one too many, or null. Off when the public rate limit is (app.ts). */
function lookupLimit(app: FastifyInstance): (request: FastifyRequest) => Promise<number | null> {
  if (!app.hasDecorator("createRateLimit")) return async () => null;
  const check = app.createRateLimit({ max: VERIFY_LOOKUPS_PER_MINUTE, timeWindow: "1 minute" });
  return async (request) => {
    const outcome = await check(request);
    return !outcome.isAllowed && outcome.isExceeded ? Math.max(outcome.ttlInSeconds, 1) : null;
  };
}

/** The words of a query that cannot be checked. */
function unreadable(query: unknown): string | { number: string; surname: string } {
  const parsed = VerifyQuerySchema.safeParse(query);
  if (!parsed.success) {
    return "Enter the certificate number (at most 40 characters) and the holder's surname as printed on the certificate.";
  }
  const number = parsed.data.number?.trim() ?? "";
  const surname = parsed.data.surname?.trim() ?? "";
  if (!number || !surname) return "Enter both the certificate number and the holder's surname.";
  return { number, surname };
}

export async function verifyPageRoutes(
  app: FastifyInstance,
  options: { clientDir: string; pages: SitePages },
): Promise<void> {
  if (!options.pages.answered.has(VERIFY_PATH))
    throw new Error(`The built site has no ${VERIFY_PATH} page with an answer slot: run \`npm run build\`.`);
  const renderer = await loadSlotRenderer<AnswerRenderer>(options.clientDir);
  // Read per request: the page is rendered again when the owner changes the company details (ADR 036).
  const template = () => options.pages.answered.get(VERIFY_PATH) ?? "";
  // Compressed quickly, then at the best level off the main thread, as the start does with the other pages
  // (ADR 039): at brotli's best level on the main thread this one page held the start for 0.1 s.
  const formOf = (text: string): { text: string; page: Page } => {
    const page = quickPage(text);
    void recompressInTurn([page]);
    return { text, page };
  };
  let form = formOf(template());
  const formPage = () => {
    if (form.text !== template()) form = formOf(template());
    return form.page;
  };
  const overLimit = lookupLimit(app);

  const answer = (reply: FastifyReply, shown: VerifyAnswer) => {
    // React escapes every value from the database; replacement functions keep a '$' in a name a '$'.
    const html = template()
      .replace(ANSWER_SLOT, (marker) => marker + renderer.renderVerifyAnswer(shown))
      .replace("</head>", () => '<meta name="robots" content="noindex" /></head>');
    return reply
      .status(ANSWER_STATUS[shown.kind])
      .type("text/html; charset=utf-8")
      .header("X-Robots-Tag", "noindex")
      .send(html);
  };
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const retryAfter = await overLimit(request);
    if (retryAfter === null) return false;
    answer(reply.header("Retry-After", String(retryAfter)), { kind: "rate-limited" });
    return true;
  };

  app.get(VERIFY_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // The form itself: the prerendered page as built, cached by its ETag and not counted as a lookup.
    if (query.number === undefined && query.surname === undefined)
      return sendPage(request, reply, formPage());
    if (await limited(request, reply)) return reply;
    const search = unreadable(query);
    if (typeof search === "string") return answer(reply, { kind: "invalid", message: search });
    const certificate = await certificateByNumber(app.db, search);
    return answer(reply, certificate ? { kind: "found", certificate } : { kind: "not-found" });
  });

  app.get<{ Params: { code: string } }>(`${VERIFY_PATH}/:code`, async (request, reply) => {
    if (request.params.code === "") return reply.redirect(VERIFY_PATH, 301);
    if (await limited(request, reply)) return reply;
    const certificate = await certificateByCode(app.db, request.params.code);
    return answer(reply, certificate ? { kind: "found", certificate } : { kind: "not-found" });
  });
}
