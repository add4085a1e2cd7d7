// What a form posted without script came to, said on the page the browser is sent to next (docs/product.md, Forms
// without script). The post is answered with a 303 to FORM_ANSWER_PATH; the answer waits in the database (several
// instances may serve the site) under a random token in a short-lived cookie, so a reload says the same thing and
// nothing of it is in an address. The pages are the server's own plain pages (no script, never cached or indexed);
// none echoes a password or a sign-in code.
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COMPANY } from "../../shared/company";
import { FORM_NAME_FIELD, NATIVE_FORMS } from "../../shared/form-post";
import { SIGN_IN_CODE } from "../../shared/portal";
import { formAnswers } from "../db/schema";
import { sessionCookie } from "../plugins/session";
import { escapeHtml, plainPage } from "./plain-page";

export const FORM_ANSWER_PATH = "/form-sent";
/** How long the answer can be read again (a reload, the back button). */
export const FORM_ANSWER_TTL_SECONDS = 10 * 60;
export const NO_ANSWER_TITLE = "Nothing to show";

/** What the answer page says: a heading, lines under it, the way on, and (after a code was sent) the code form. */
export interface FormAnswer {
  title: string;
  lines: string[];
  link: { href: string; text: string };
  /** The sign-in code form, for the address the code went to. */
  codeForm?: { email: string; returnTo: string | null; error?: string };
  /** The number's code form after an application with "Text me" ticked: posted to `action` with the token. */
  phoneForm?: PhoneForm;
}

export interface PhoneForm {
  action: string;
  token: string;
  /** Masked ("+679 70•••45"). */
  number: string;
  error?: string;
  /** Said above the form (a new code was sent). */
  note?: string;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const STYLE = `label{display:block;font-weight:600;margin-top:1rem}input{box-sizing:border-box;width:100%;
padding:.6rem;font-size:1rem;border:1px solid #64748b;border-radius:.5rem;margin-top:.25rem}
button{background:#1d4ed8;border-color:#1d4ed8;margin-top:1rem}.error{color:#b91c1c;font-weight:600}`;

/** The code form of the sign-in answer: posted to the confirm page, the e-mail carried along, the code never put back. */
function codeFormHtml(form: NonNullable<FormAnswer["codeForm"]>): string {
  const error = form.error
    ? `<p id="code-error" class="error" role="alert">${escapeHtml(form.error)}</p>`
    : "";
  const returnTo = form.returnTo
    ? `<input type="hidden" name="returnTo" value="${escapeHtml(form.returnTo)}">`
    : "";
  return `<form method="post" action="/sign-in/confirm">
<input type="hidden" name="${FORM_NAME_FIELD}" value="${NATIVE_FORMS.signInCode}">
<input type="hidden" name="email" value="${escapeHtml(form.email)}">${returnTo}
<label for="code">Sign-in code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required aria-describedby="code-hint${
    form.error ? " code-error" : ""
  }"${form.error ? ' aria-invalid="true" autofocus' : ""}>
<p id="code-hint">${SIGN_IN_CODE.digits} digits, valid for ${SIGN_IN_CODE.validMinutes} minutes and usable once.</p>
${error}<button type="submit">Sign In</button>
</form>`;
}

/**
 * The number's code form: "Confirm" checks the code, "Send a new code" (which needs no code, so skips the browser's
 * check) asks for another. Both post the token; the code is never put back.
 */
function phoneFormHtml(form: PhoneForm): string {
  const error = form.error
    ? `<p id="phone-code-error" class="error" role="alert">${escapeHtml(form.error)}</p>`
    : "";
  const note = form.note ? `<p role="status">${escapeHtml(form.note)}</p>` : "";
  return `<h2>Confirm your number</h2>
<p>We texted a code to ${escapeHtml(form.number)}.</p>${note}
<form method="post" action="${escapeHtml(form.action)}">
<input type="hidden" name="${FORM_NAME_FIELD}" value="${NATIVE_FORMS.phoneCode}">
<input type="hidden" name="token" value="${escapeHtml(form.token)}">
<label for="phone-code">Code from the text</label>
<input id="phone-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" required aria-describedby="phone-code-hint${
    form.error ? " phone-code-error" : ""
  }"${form.error ? ' aria-invalid="true" autofocus' : ""}>
<p id="phone-code-hint">6 digits, valid for 10 minutes.</p>
${error}<button type="submit" name="intent" value="confirm">Confirm</button>
<button type="submit" name="intent" value="resend" formnovalidate>Send a new code</button>
</form>`;
}

export function formAnswerPage(answer: FormAnswer): string {
  const lines = answer.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
  const code =
    (answer.codeForm ? codeFormHtml(answer.codeForm) : "") +
    (answer.phoneForm ? phoneFormHtml(answer.phoneForm) : "");
  return plainPage(
    answer.title,
    `<h1>${escapeHtml(answer.title)}</h1>
${lines}
${code}
<p><a href="${escapeHtml(answer.link.href)}">${escapeHtml(answer.link.text)}</a></p>`,
    STYLE,
  );
}

/** A refusal (cross-site, too many posts, a body that cannot be read) as a page, with the way back to the form. */
export function refusalPage(title: string, message: string, back: string): string {
  const email = COMPANY.emails[0].address;
  return plainPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}">Go back to the form</a>, or e-mail us at <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>.</p>`,
  );
}

/** Plain pages the server writes for a post: HTML, never stored by a cache, never indexed. */
export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("X-Robots-Tag", "noindex")
    .send(html);
}

export function formAnswerCookie(app: FastifyInstance) {
  const https = app.env.PUBLIC_URL.startsWith("https://");
  return sessionCookie(
    https ? "__Host-rpas_form_answer" : "rpas_form_answer",
    https,
    FORM_ANSWER_TTL_SECONDS,
  );
}

/** Keeps `answer` for the next page and sends the browser there (303: the reload of that page posts nothing). */
export async function answerWithRedirect(
  app: FastifyInstance,
  reply: FastifyReply,
  answer: FormAnswer,
): Promise<FastifyReply> {
  const token = randomBytes(24).toString("base64url");
  const now = Date.now();
  await app.db.transaction(async (tx) => {
    await tx.delete(formAnswers).where(lt(formAnswers.expiresAt, new Date(now)));
    await tx.insert(formAnswers).values({
      tokenHash: hashOf(token),
      answer,
      expiresAt: new Date(now + FORM_ANSWER_TTL_SECONDS * 1000),
    });
  });
  formAnswerCookie(app).set(reply, token);
  return reply.header("Cache-Control", "no-store").redirect(FORM_ANSWER_PATH, 303);
}

async function readAnswer(app: FastifyInstance, request: FastifyRequest): Promise<FormAnswer | null> {
  const token = formAnswerCookie(app).read(request);
  if (!token) return null;
  const [row] = await app.db
    .select({ answer: formAnswers.answer, expiresAt: formAnswers.expiresAt })
    .from(formAnswers)
    .where(eq(formAnswers.tokenHash, hashOf(token)))
    .limit(1);
  return row && row.expiresAt > new Date() ? (row.answer as FormAnswer) : null;
}

/** GET FORM_ANSWER_PATH: the answer kept for this browser, or a page that says there is none (any more). */
export async function formAnswerRoutes(app: FastifyInstance): Promise<void> {
  app.get(FORM_ANSWER_PATH, async (request, reply) => {
    const answer = await readAnswer(app, request);
    if (answer) return sendHtml(reply, 200, formAnswerPage(answer));
    return sendHtml(
      reply,
      404,
      formAnswerPage({
        title: NO_ANSWER_TITLE,
        lines: [
          `This page shows what became of a form sent from this browser, for ${FORM_ANSWER_TTL_SECONDS / 60} minutes after sending it. There is nothing to show now.`,
        ],
        link: { href: "/", text: "Go to the home page" },
      }),
    );
  });
}
