// The subscriber's e-mail sign-in posted without script (server/platform/native-posts.ts): /sign-in asks for a code,
// checked with the JSON route's schema and issued by its code (one e-mail per post, the per-address limits
// included); the answer page says a code was sent and holds the form for it, which posts to /sign-in/confirm. A code
// that signs in starts the session as the JSON route does. Neither page ever shows the code.

import { NATIVE_FORMS } from "../../shared/form-post";
import {
  CODE_INVALID_MESSAGE,
  CODE_SENT_MESSAGE,
  EmailSignInSchema,
  VerifyCodeSchema,
} from "../../shared/portal";
import { safeReturnPath } from "../../shared/return-path";
import { storeOnce } from "../intake/submissions";
import { answerWithRedirect, type FormAnswer, formAnswerPage, sendHtml } from "../platform/form-answers";
import { refillPage } from "../platform/form-refill";
import {
  fieldErrors,
  type NativeFormRoute,
  type NativePost,
  nativeOnceKey,
} from "../platform/native-post-parts";
import { redeemCode } from "./sign-in-codes";
import { DEFAULT_RETURN, issueCodeEmail, startSession } from "./sign-in-routes";

class Refused extends Error {}

/** Where to land after signing in: the ?returnTo= of the sign-in page the form was posted from (/api/login's). */
function returnToOf(post: NativePost): string | undefined {
  const posted = post.body.returnTo;
  if (posted) return safeReturnPath(posted) ?? undefined;
  try {
    const from = new URL(post.request.headers.referer ?? "");
    return safeReturnPath(from.searchParams.get("returnTo") ?? undefined) ?? undefined;
  } catch {
    return undefined;
  }
}

const codeSent = (email: string, returnTo: string | null, error?: string): FormAnswer => ({
  title: "Enter your sign-in code",
  lines: [`${CODE_SENT_MESSAGE} It went to ${email}.`],
  codeForm: { email, returnTo, ...(error ? { error } : {}) },
  link: { href: "/sign-in", text: "Use a different e-mail" },
});

async function askForCode(post: NativePost) {
  const { app, request, reply, body } = post;
  const returnTo = returnToOf(post);
  const checked = EmailSignInSchema.safeParse({ email: body.email ?? "", returnTo });
  const again = (status: number, message: string) => {
    const page = refillPage(post.page(), {
      form: "sign-in",
      values: { email: body.email ?? "" },
      errors: { email: message },
      alert: { title: "Could not send the code", description: message },
    });
    return page
      ? sendHtml(reply, status, page)
      : Promise.reject(Object.assign(new Error(message), { statusCode: status }));
  };
  if (!checked.success) return again(400, fieldErrors(checked.error).email ?? CODE_INVALID_MESSAGE);
  const { email } = checked.data;
  try {
    // A second identical post within minutes (a double click, a reload) gets the first answer: no second e-mail.
    const answer = await storeOnce(app, nativeOnceKey(request, body, checked.data), async (tx) => {
      const issued = await issueCodeEmail(app, request, tx, email, returnTo);
      if ("refused" in issued) throw new Refused(issued.refused);
      return {
        status: 202,
        body: { message: CODE_SENT_MESSAGE, email, returnTo: returnTo ?? null },
        emails: [issued.email],
      };
    });
    const sent = answer.body as { email: string; returnTo: string | null };
    return answerWithRedirect(app, reply, codeSent(sent.email, sent.returnTo));
  } catch (error) {
    if (error instanceof Refused) return again(429, error.message);
    throw error;
  }
}

async function enterCode(post: NativePost) {
  const { app, request, reply, body } = post;
  const returnTo = safeReturnPath(body.returnTo) ?? null;
  const checked = VerifyCodeSchema.safeParse({ email: body.email ?? "", code: body.code ?? "" });
  // The form again, with the address kept and the code left empty.
  const again = (message: string) =>
    sendHtml(reply, 400, formAnswerPage(codeSent(body.email ?? "", returnTo, message)));
  if (!checked.success) {
    const errors = fieldErrors(checked.error);
    return again(errors.code ?? errors.email ?? CODE_INVALID_MESSAGE);
  }
  const redeemed = await redeemCode(app.db, app.signInKey, checked.data.email, checked.data.code);
  if (!redeemed) return again(CODE_INVALID_MESSAGE);
  await startSession(app, request, reply, { email: checked.data.email });
  const next = redeemed.returnTo ?? returnTo ?? DEFAULT_RETURN;
  return answerWithRedirect(app, reply, {
    title: "Signed in",
    lines: [`You are signed in as ${checked.data.email}.`],
    link: {
      href: next,
      text: next.startsWith("/my-training") ? "Continue to My training" : "Continue to the Document Portal",
    },
  });
}

export function nativeSignInPost(post: NativePost, step: "email" | "code") {
  return step === "email" ? askForCode(post) : enterCode(post);
}

/** The e-mail sign-in's two steps, posted without script. */
export const signInNativeForms: readonly NativeFormRoute[] = [
  { path: "/sign-in", form: NATIVE_FORMS.signIn, answer: (post) => nativeSignInPost(post, "email") },
  {
    path: "/sign-in/confirm",
    form: NATIVE_FORMS.signInCode,
    answer: (post) => nativeSignInPost(post, "code"),
  },
];
