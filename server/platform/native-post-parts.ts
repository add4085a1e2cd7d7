// The pieces every form posted without script shares (server/platform/native-posts.ts routes them): what a
// handler is given, how a post is kept once, and the schema's errors by field.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import { FORM_KEY_FIELD } from "../../shared/form-post";
import { ENROLL_COURSES } from "../../shared/routes";
import { KEY_PATTERN, type OnceKey } from "./once-key";

/** The pages whose POST this module answers (form-not-sent.ts answers the others). */
export const NATIVE_FORM_PATHS: readonly string[] = [
  "/",
  ...ENROLL_COURSES.map((course) => `/enroll/${course}`),
  "/sign-in",
  "/sign-in/confirm",
];

/** A post without script is kept once per this long, from one address, with the same fields. */
export const NATIVE_REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** A posted form's fields: one string each (a field sent twice makes the body unreadable). */
export type PostedBody = Readonly<Record<string, string>>;

/** What the handlers of one kind of form need from the request. */
export interface NativePost {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  body: PostedBody;
  /** The page's path, which is also the form's action. */
  path: string;
  /** The page as it is served now, for the form again with its errors. */
  page: () => string;
}

/** One kind of form a page posts without script, and the domain code that answers it (app.ts lists them). */
export interface NativeFormRoute {
  /** The page's path. */
  path: string;
  /** The form's name in its hidden field (shared/form-post.ts NATIVE_FORMS). */
  form: string;
  answer: (post: NativePost) => unknown;
}

const canonical = (value: Record<string, unknown>) =>
  JSON.stringify(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * How a post is kept once: by the random key a page's script put in the hidden field, or, without one, by a key
 * derived from the route, the checked (so normalised) fields and the client's address, good for 10 minutes. A
 * prerendered page is the same bytes for everyone, so no key can come with it.
 */
export function nativeOnceKey(
  request: FastifyRequest,
  body: PostedBody,
  checked: Record<string, unknown>,
): OnceKey {
  const route = `${request.method} ${request.routeOptions.url}`;
  const given = body[FORM_KEY_FIELD];
  if (given && KEY_PATTERN.test(given)) {
    const key = `${route}#${given}`;
    return { key, replay: [key] };
  }
  const digest = createHash("sha256")
    .update(JSON.stringify([route, canonical(checked), request.ip]))
    .digest("base64url");
  const now = Date.now();
  const window = Math.floor(now / NATIVE_REPEAT_WINDOW_MS);
  const keyOf = (w: number) => `${route}#native:${digest}:${w}`;
  return {
    key: keyOf(window),
    replay: [keyOf(window), keyOf(window - 1)],
    since: new Date(now - NATIVE_REPEAT_WINDOW_MS),
  };
}

/** The first message the schema gave for each field, by field name. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "");
    if (name && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}
