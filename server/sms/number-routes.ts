// The number's confirmation step (issue 34 point 3): POST /api/texts/confirm-number takes the texted code back, and
// POST /api/texts/resend-code texts a new one. The page proves which application it is for with the phone-check
// token of the application's 201 (the signed-in variant for /my-training names the application instead). A confirmed
// number turns the application's texts on: the "seat held" text goes at once when it holds a seat. The same step
// works without script: the page after the post holds a plain form posted to the enrollment page (phoneCodeNativeForms).
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NATIVE_FORMS } from "../../shared/form-post";
import { ENROLL_COURSES } from "../../shared/routes";
import {
  CodeResentSchema,
  NumberConfirmedSchema,
  TEXT_CHECK_EXPIRED_MESSAGE,
  TEXT_CODE_NOT_SENT_MESSAGE,
  TEXT_CODE_TOO_SOON_MESSAGE,
  TEXT_NUMBER_CONFIRMED_MESSAGE,
} from "../../shared/text-number";
import {
  ConfirmNumberSchema,
  maskNumber,
  ResendCodeSchema,
  TEXT_CODE_EXPIRED_MESSAGE,
  TEXT_CODE_WRONG_MESSAGE,
  TEXT_NUMBER_STOPPED_MESSAGE,
} from "../../shared/texts";
import { enrollments } from "../db/schema";
import { answerWithRedirect, formAnswerPage, type PhoneForm, sendHtml } from "../platform/form-answers";
import { fieldErrors, type NativeFormRoute, type NativePost } from "../platform/native-post-parts";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { numberStopped } from "./applicant-texts";
import { queueHeldText } from "./held-text";
import { checkNumberCode, readPhoneCheckToken, sendNumberCode } from "./number-codes";

/** The key number codes and phone-check tokens are made with (app.textCodeKey), derived from the session secret. */
export function textCodeKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("rpas text number codes v1").digest();
}

/** The application a confirm or resend request is for; a bad or expired token is a 400. */
function applicationOf(app: FastifyInstance, body: { token?: string | undefined }): number {
  // The signed-in variant (enrollmentId, at /my-training) is answered by its own route before this one is reached.
  const id = body.token ? readPhoneCheckToken(app.textCodeKey, body.token) : null;
  if (id === null) throw httpError(400, TEXT_CHECK_EXPIRED_MESSAGE);
  return id;
}

type Checked = { ok: true } | { ok: false; status: number; message: string };

/** Checks the code; right, the number is confirmed and the held text queued, in one transaction. */
export async function confirmNumber(
  app: FastifyInstance,
  enrollmentId: number,
  code: string,
): Promise<Checked> {
  const now = new Date();
  const result = await app.db.transaction(async (tx) => {
    const check = await checkNumberCode(tx, app.textCodeKey, enrollmentId, code, now);
    if (check === "confirmed")
      await queueHeldText(tx, app.textContext, app.confirmLinkKey, enrollmentId, now);
    return check;
  });
  app.textOutbox.kick();
  if (result === "confirmed") return { ok: true };
  return result === "wrong"
    ? { ok: false, status: 400, message: TEXT_CODE_WRONG_MESSAGE }
    : { ok: false, status: 410, message: TEXT_CODE_EXPIRED_MESSAGE };
}

/** Texts a new code; answers the masked number, or why none went. */
export async function resendCode(
  app: FastifyInstance,
  enrollmentId: number,
): Promise<{ number: string } | { status: number; message: string }> {
  const now = new Date();
  const result = await app.db.transaction(async (tx) => {
    const sent = await sendNumberCode(tx, app.textContext, app.textCodeKey, enrollmentId, now);
    if (sent.sent || sent.why === "too-soon") return sent;
    const [row] = await tx
      .select({ to: enrollments.phoneE164 })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId))
      .limit(1);
    return { ...sent, stopped: row?.to ? await numberStopped(tx, row.to) : false };
  });
  app.textOutbox.kick();
  if (result.sent) return { number: result.number };
  if (result.why === "too-soon") return { status: 429, message: TEXT_CODE_TOO_SOON_MESSAGE };
  const stopped = "stopped" in result && result.stopped;
  return { status: 409, message: stopped ? TEXT_NUMBER_STOPPED_MESSAGE : TEXT_CODE_NOT_SENT_MESSAGE };
}

export const numberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/texts/confirm-number",
    {
      schema: { body: ConfirmNumberSchema, response: { 200: NumberConfirmedSchema } },
      config: publicWriteLimit(app),
    },
    async (request) => {
      const checked = await confirmNumber(app, applicationOf(app, request.body), request.body.code);
      if (!checked.ok) throw httpError(checked.status, checked.message);
      return { confirmed: true as const, message: TEXT_NUMBER_CONFIRMED_MESSAGE };
    },
  );

  app.post(
    "/api/texts/resend-code",
    {
      schema: { body: ResendCodeSchema, response: { 200: CodeResentSchema } },
      config: publicWriteLimit(app),
    },
    async (request) => {
      const resent = await resendCode(app, applicationOf(app, request.body));
      if ("status" in resent) throw httpError(resent.status, resent.message);
      return resent;
    },
  );
};

/** The masked number of an application, for the form again. */
async function maskedNumberOf(app: FastifyInstance, enrollmentId: number): Promise<string> {
  const [row] = await app.db
    .select({ to: enrollments.phoneE164 })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  return row?.to ? maskNumber(row.to) : "";
}

/** The code form posted without script: Confirm, or "Send a new code". */
async function phoneCodePost(post: NativePost) {
  const { app, reply, body, path } = post;
  const token = body.token ?? "";
  const enrollmentId = readPhoneCheckToken(app.textCodeKey, token);
  const expired = () =>
    answerWithRedirect(app, reply, {
      title: "Could not confirm your number",
      lines: [TEXT_CHECK_EXPIRED_MESSAGE],
      link: { href: "/my-training", text: "Go to My training" },
    });
  if (enrollmentId === null) return expired();
  const form: PhoneForm = { action: path, token, number: await maskedNumberOf(app, enrollmentId) };
  const again = (status: number, extra: Partial<PhoneForm>) =>
    sendHtml(
      reply,
      status,
      formAnswerPage({
        title: "Confirm your number",
        lines: [],
        phoneForm: { ...form, ...extra },
        link: { href: "/my-training", text: "Follow your application on My training" },
      }),
    );
  if (body.intent === "resend") {
    const resent = await resendCode(app, enrollmentId);
    if ("status" in resent) return again(resent.status, { error: resent.message });
    return again(200, { number: resent.number, note: "We texted you a new code." });
  }
  const parsed = ConfirmNumberSchema.safeParse({ token, code: (body.code ?? "").trim() });
  if (!parsed.success)
    return again(400, { error: fieldErrors(parsed.error).code ?? TEXT_CODE_WRONG_MESSAGE });
  const checked = await confirmNumber(app, enrollmentId, parsed.data.code);
  if (!checked.ok) return again(checked.status, { error: checked.message });
  return answerWithRedirect(app, reply, {
    title: "Number confirmed",
    lines: [TEXT_NUMBER_CONFIRMED_MESSAGE],
    link: { href: "/my-training", text: "Follow your application on My training" },
  });
}

/** The code form of each enrollment page, posted without script. */
export const phoneCodeNativeForms: readonly NativeFormRoute[] = ENROLL_COURSES.map((course) => ({
  path: `/enroll/${course}`,
  form: NATIVE_FORMS.phoneCode,
  answer: phoneCodePost,
}));
