// The routes behind a text's links and replies (issue 34): /t/<code>, the short links texts carry, lead to a path on
// this site while they live; /texts/stop?token=<code> is the opt-out page every text's last line opens (one button,
// no sign-in; opening it changes nothing, since link scanners open links), with the same steps as JSON under
// /api/texts/; POST /api/sms/inbound is Twilio's signed webhook for replies (STOP, START, HELP) where the sender can
// receive them. Numbers never reach a log.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COMPANY } from "../../shared/company";
import {
  START_BUTTON,
  STOP_BUTTON,
  STOP_LINK_EXPIRED_MESSAGE,
  STOP_LINK_UNKNOWN_MESSAGE,
  stoppedLine,
  TEXT_START_PAGE_PATH,
  TEXT_STOP_PAGE_PATH,
  type TextStopAnswer,
} from "../../shared/text-stop";
import { maskNumber, StopStateSchema, StopTokenSchema } from "../../shared/texts";
import { parseTwilioForms, requireTwilioSignature } from "../integrations/sms/twilio-webhook";
import { loadSlotRenderer } from "../platform/live-pages";
import { escapeHtml, plainPage } from "../platform/plain-page";
import { ANSWER_SLOT, type SitePages } from "../platform/site-pages";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { numberStopped as numberIsStopped, TEXT_LINK_PREFIX } from "./applicant-texts";
import { linkTarget, startNumber, stopLinkNumber, stopNumber } from "./opt-outs";

export const SMS_INBOUND_PATH = "/api/sms/inbound";
export const SMS_INBOUND_FORBIDDEN_MESSAGE = "This message is not signed by Twilio.";

/**
 * The opt-out page's referrer policy: its address holds the stop link's code, so no other site is sent it; but its
 * buttons post to this site, and under "no-referrer" a browser sends such a post with `Origin: null` and no Referer,
 * which the CSRF guard (server/plugins/csrf.ts) must refuse. "same-origin" keeps both for this site only.
 */
const STOP_PAGE_REFERRER = "same-origin";

/** Pages the server writes for texts' links: never stored by a cache, never indexed, never sending a referrer away. */
function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  referrer = "no-referrer",
): FastifyReply {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("Referrer-Policy", referrer)
    .header("X-Robots-Tag", "noindex")
    .send(plainPage(title, `<h1>${escapeHtml(title)}</h1>\n${body}`, STYLE));
}

const STYLE = ".quiet{background:#fff;color:#1d4ed8;border-color:#1d4ed8}";

const contactLine = () => {
  const phone = COMPANY.phones[0];
  const email = COMPANY.emails[0].address;
  return `<p>Or contact us: <a href="tel:${escapeHtml(phone.tel)}">${escapeHtml(phone.display)}</a>, <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>.</p>`;
};

const expiredPage = (reply: FastifyReply) =>
  sendPage(
    reply,
    410,
    "This link has expired",
    `<p>Links in our texts work only as long as what they lead to: a pay link until the offer's deadline, for example.</p>
<p>Your application, and what you can do now, is on <a href="/my-training">My training</a>.</p>
${contactLine()}`,
  );

const unknownPage = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    "This link does not work",
    `<p>This link is not one of ours. Check it was copied whole, or open it from the text again.</p>
<p>Your application is on <a href="/my-training">My training</a>.</p>
${contactLine()}`,
  );

/** Only a path on this site: "/x", never "//host" or "/\host" (which browsers read as another host). */
const isSitePath = (target: string) => /^\/(?![/\\])/.test(target) && !/[\r\n]/.test(target);

/** GET /t/:code, a short link in a text. */
export const textLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get<{ Params: { code: string } }>(`${TEXT_LINK_PREFIX}:code`, async (request, reply) => {
    const code = request.params.code;
    const link = /^[0-9A-Za-z]{1,16}$/.test(code) ? await linkTarget(app.db, code) : { found: "unknown" };
    if (link.found === "expired") return expiredPage(reply);
    if (link.found !== "live" || !("target" in link) || !isSitePath(link.target)) return unknownPage(reply);
    return reply
      .header("Cache-Control", "no-store")
      .header("Referrer-Policy", "no-referrer")
      .redirect(link.target, 302);
  });
};

/** What the opt-out page shows for a stop link's code, and its status. */
async function stopAnswer(app: FastifyInstance, token: string): Promise<[number, TextStopAnswer]> {
  if (!token) return [200, { kind: "no-link" }];
  const link = await stopLinkNumber(app.db, token);
  if (link.found === "expired") return [410, { kind: "expired" }];
  if (link.found !== "live") return [404, { kind: "unknown" }];
  const number = maskNumber(link.to);
  return [200, { kind: (await numberIsStopped(app.db, link.to)) ? "stopped" : "confirm", number, token }];
}

function stopForm(token: string, stopped: boolean): string {
  const [action, label, style] = stopped
    ? [TEXT_START_PAGE_PATH, START_BUTTON, ' class="quiet"']
    : [TEXT_STOP_PAGE_PATH, STOP_BUTTON, ""];
  return `<form method="post" action="${action}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit"${style}>${escapeHtml(label)}</button>
</form>`;
}

/** The answer as a plain page: when the built site is not served (API-only tests, development's API). */
function plainStopPage(reply: FastifyReply, status: number, answer: TextStopAnswer) {
  switch (answer.kind) {
    case "expired":
      return expiredPage(reply);
    case "unknown":
      return unknownPage(reply);
    case "no-link":
      return sendPage(
        reply,
        200,
        "Use the link in your text",
        "<p>Every text we send ends with a link to stop them: open that link and press the button.</p>",
      );
    case "stopped":
      return sendPage(
        reply,
        status,
        stoppedLine(answer.number),
        `<p>We will send no more texts to this number, about any application. E-mails go on as before.</p>
<p>Stopped by mistake? Start them again: each application then gets texts only if it asked for them.</p>
${stopForm(answer.token, true)}`,
        STOP_PAGE_REFERRER,
      );
    case "confirm":
      return sendPage(
        reply,
        status,
        `Stop texts to ${answer.number}?`,
        `<p>${escapeHtml(COMPANY.name)} texts this number about training applications: offers and their pay deadline, payments, course reminders and certificates. One tap stops every text to this number, whichever application gave it. E-mails go on as before.</p>
${stopForm(answer.token, false)}`,
        STOP_PAGE_REFERRER,
      );
  }
}

/** What web/entry-live.tsx renders for this page. */
interface AnswerRenderer {
  renderTextStopAnswer(answer: TextStopAnswer): string;
}

/** The token of a query or a form body. */
const tokenOf = (source: unknown): string => {
  const token = (source as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && token.length <= 300 ? token : "";
};

/**
 * The opt-out page, filled by the server at each request into the prerendered page (ADR 029's answer slot) when the
 * built site is served, else as a plain page; its buttons are plain form posts (no script needed).
 */
export async function textStopPageRoutes(
  app: FastifyInstance,
  options: { clientDir?: string; pages?: SitePages },
): Promise<void> {
  const { clientDir, pages } = options;
  // Read at each request: the page is rendered again when the owner changes the company details (ADR 036).
  const template = () => pages?.answered.get(TEXT_STOP_PAGE_PATH) ?? "";
  if (pages && !template()) {
    throw new Error(
      `The built site has no ${TEXT_STOP_PAGE_PATH} page with an answer slot: run \`npm run build\`.`,
    );
  }
  const renderer = clientDir && pages ? await loadSlotRenderer<AnswerRenderer>(clientDir) : null;
  const answer = async (reply: FastifyReply, token: string) => {
    const [status, shown] = await stopAnswer(app, token);
    if (!renderer) return plainStopPage(reply, status, shown);
    return (
      reply
        .status(status)
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .header("Referrer-Policy", STOP_PAGE_REFERRER)
        .header("X-Robots-Tag", "noindex")
        // A replacement function: a '$' in a value must stay a '$'. React escapes the values.
        .send(template().replace(ANSWER_SLOT, (marker) => marker + renderer.renderTextStopAnswer(shown)))
    );
  };

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get(TEXT_STOP_PAGE_PATH, async (request, reply) => answer(reply, tokenOf(request.query)));
  for (const [path, act] of [
    [TEXT_STOP_PAGE_PATH, "stop"],
    [TEXT_START_PAGE_PATH, "start"],
  ] as const) {
    app.post(path, { config: publicWriteLimit(app) }, async (request, reply) => {
      const token = tokenOf(request.body);
      const link = token ? await stopLinkNumber(app.db, token) : ({ found: "unknown" } as const);
      if (link.found !== "live") return answer(reply, token);
      if (act === "stop") await stopNumber(app.db, link.to, { via: "link", ip: request.ip });
      else await startNumber(app.db, link.to);
      request.log.info({ act }, "texts to a number changed by its stop link");
      // Back to the page (it now says what is so), so a reload does not post again.
      return reply
        .header("Cache-Control", "no-store")
        .redirect(`${TEXT_STOP_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
    });
  }
}

/** The stop link's number, or a clear 4xx. */
async function liveNumber(app: FastifyInstance, token: string): Promise<string> {
  const link = await stopLinkNumber(app.db, token);
  if (link.found === "expired") throw httpError(410, STOP_LINK_EXPIRED_MESSAGE);
  if (link.found !== "live") throw httpError(404, STOP_LINK_UNKNOWN_MESSAGE);
  return link.to;
}

/** GET /api/texts/stop?token=, POST /api/texts/stop and /api/texts/start {token}: the page's steps as JSON. */
export const textStopApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: StopStateSchema };
  app.get("/api/texts/stop", { schema: { querystring: StopTokenSchema, response } }, async (request) => {
    const to = await liveNumber(app, request.query.token);
    return { number: maskNumber(to), stopped: await numberIsStopped(app.db, to) };
  });
  const limit = publicWriteLimit(app);
  app.post(
    "/api/texts/stop",
    { schema: { body: StopTokenSchema, response }, config: limit },
    async (request) => {
      const to = await liveNumber(app, request.body.token);
      await stopNumber(app.db, to, { via: "link", ip: request.ip });
      return { number: maskNumber(to), stopped: true };
    },
  );
  app.post(
    "/api/texts/start",
    { schema: { body: StopTokenSchema, response }, config: limit },
    async (request) => {
      const to = await liveNumber(app, request.body.token);
      await startNumber(app.db, to);
      return { number: maskNumber(to), stopped: false };
    },
  );
};

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);

/** The answer to HELP: who texts, how to reach us, how to stop. */
export function helpReply(): string {
  const phone = COMPANY.phones[0].display;
  return `${COMPANY.name}: texts about your training application. Help: ${phone} or ${COMPANY.emails[0].address}. Reply STOP to end texts, or open the stop link in any of our texts.`;
}

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

const twiml = (reply: FastifyReply, message?: string) =>
  reply
    .type("text/xml; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send(
      `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${xmlEscape(message)}</Message>` : ""}</Response>`,
    );

/**
 * POST /api/sms/inbound: a reply to one of our texts, from Twilio, signed like the delivery reports (over PUBLIC_URL,
 * never the Host header); anything unsigned or forged is refused with 403. Answered with TwiML.
 */
export const smsInboundRoutes: FastifyPluginAsyncZod = async (app) => {
  parseTwilioForms(app);
  app.post(
    SMS_INBOUND_PATH,
    { schema: { body: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      const params = request.body;
      requireTwilioSignature(app, request, params, SMS_INBOUND_FORBIDDEN_MESSAGE);
      const from = (params.From ?? "").replace(/^whatsapp:/, "");
      const word = (params.Body ?? "").trim().split(/\s+/)[0]?.toUpperCase() ?? "";
      if (!/^\+[1-9]\d{5,14}$/.test(from)) return twiml(reply);
      if (STOP_WORDS.has(word)) {
        await stopNumber(app.db, from, { via: "keyword" });
        request.log.info("texts stopped by a reply");
        return twiml(reply);
      }
      if (START_WORDS.has(word)) {
        await startNumber(app.db, from);
        request.log.info("texts started again by a reply");
        return twiml(reply);
      }
      if (HELP_WORDS.has(word)) return twiml(reply, helpReply());
      return twiml(reply);
    },
  );
};
