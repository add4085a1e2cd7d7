// Texts at /my-training, signed in (docs/product.md, My training): turning an application's texts on or off, and the
// number's code sent back (or asked for again) by the person the session proves made it. Another person's application
// is a 404, like one that does not exist. The code itself is checked by server/sms/number-codes.ts, as on the
// application form's page; only the way the application is named differs (the session here, a token there).
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { APPLICATION_NOT_FOUND_MESSAGE } from "../../shared/applicant";
import {
  type ApplicationTexts,
  ChangeTextsSchema,
  MyTextCodeSchema,
  TEXT_CODE_EXPIRED_MESSAGE,
  TEXT_CODE_WRONG_MESSAGE,
  TEXT_NUMBER_STOPPED_MESSAGE,
  TextsChangedSchema,
} from "../../shared/texts";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { idParam } from "../plugins/route-params";
import { queueHeldText } from "../sms/held-text";
import { type CodeSent, checkNumberCode, sendNumberCode } from "../sms/number-codes";
import { applicantEmail } from "./applicant-routes";
import { changeTexts, ownedApplication, textsOf } from "./applicant-text-choice";

export const CODE_TOO_SOON_MESSAGE =
  "We sent a code to this number less than a minute ago. Wait a minute, then ask for a new one.";
export const TEXTS_OFF_MESSAGE = "Texts are off for this application: tick the box to turn them on first.";
export const NUMBER_CONFIRMED_MESSAGE = "Your number is confirmed: we will text you about this application.";

/** The key the number's codes are hashed with: the same as the form's (a code sent there may be typed here). */
const textCodeKey = (app: FastifyInstance): Buffer => app.textCodeKey;

const codeMessage = (code: CodeSent) =>
  code.sent
    ? `We texted a code to ${code.number}. Type it here to confirm the number.`
    : code.why === "too-soon"
      ? "We texted you a code a moment ago: type it here."
      : TEXTS_OFF_MESSAGE;

export const applicantTextRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: TextsChangedSchema };

  /** The application's id when the signed-in person made it; 401 signed out, 404 for anyone else's. */
  async function ownApplication(request: Parameters<typeof applicantEmail>[1], id: number) {
    const email = await applicantEmail(app, request);
    const owned = await ownedApplication(app.db, id, email);
    if (owned === null) throw httpError(404, APPLICATION_NOT_FOUND_MESSAGE);
    return owned;
  }

  async function textsNow(enrollmentId: number): Promise<ApplicationTexts> {
    const texts = (await textsOf(app.db, [enrollmentId], app.env.SMS_ALLOWED_COUNTRIES)).get(enrollmentId);
    if (!texts) throw httpError(404, APPLICATION_NOT_FOUND_MESSAGE);
    return texts;
  }

  app.put(
    "/api/training/applications/:id/texts",
    { schema: { params: idParam, body: ChangeTextsSchema, response }, config: publicWriteLimit(app) },
    async (request) => {
      const id = await ownApplication(request, request.params.id);
      const done = await changeTexts(app.db, app.textContext, textCodeKey(app), id, request.body, {
        ip: request.ip,
        allowedCountries: app.env.SMS_ALLOWED_COUNTRIES,
      });
      if (!done.ok) throw httpError(done.status, done.message);
      // The code goes at once (it answers the person's click), sent by the worker after the commit.
      if (done.code?.sent) app.textOutbox.kick();
      const texts = await textsNow(id);
      const message = !texts.wanted
        ? "Texts are off: we will not text you about this application."
        : done.code
          ? codeMessage(done.code)
          : `Texts are on for ${texts.number}.`;
      return { texts, codeSentTo: done.code?.sent ? done.code.number : null, message };
    },
  );

  app.post(
    "/api/training/applications/:id/texts/resend",
    { schema: { params: idParam, response }, config: publicWriteLimit(app) },
    async (request) => {
      const id = await ownApplication(request, request.params.id);
      const before = await textsNow(id);
      if (before.stopped) throw httpError(409, TEXT_NUMBER_STOPPED_MESSAGE);
      if (before.confirmed) throw httpError(409, NUMBER_CONFIRMED_MESSAGE);
      const code = await app.db.transaction((tx) =>
        sendNumberCode(tx, app.textContext, textCodeKey(app), id),
      );
      if (!code.sent) {
        throw code.why === "too-soon"
          ? httpError(429, CODE_TOO_SOON_MESSAGE)
          : httpError(409, TEXTS_OFF_MESSAGE);
      }
      app.textOutbox.kick();
      return { texts: await textsNow(id), codeSentTo: code.number, message: codeMessage(code) };
    },
  );

  app.post(
    "/api/training/applications/:id/texts/confirm",
    { schema: { params: idParam, body: MyTextCodeSchema, response }, config: publicWriteLimit(app) },
    async (request) => {
      const id = await ownApplication(request, request.params.id);
      const checked = await app.db.transaction(async (tx) => {
        const result = await checkNumberCode(tx, textCodeKey(app), id, request.body.code);
        // The seat-held text waited for this confirmation (nothing but the code goes before it).
        if (result === "confirmed") await queueHeldText(tx, app.textContext, app.confirmLinkKey, id);
        return result;
      });
      if (checked === "wrong") throw httpError(400, TEXT_CODE_WRONG_MESSAGE);
      if (checked === "expired") throw httpError(410, TEXT_CODE_EXPIRED_MESSAGE);
      app.textOutbox.kick();
      return { texts: await textsNow(id), codeSentTo: null, message: NUMBER_CONFIRMED_MESSAGE };
    },
  );
};
