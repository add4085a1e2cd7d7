// Public forms that work without script (docs/product.md, Forms without script): the contact and review forms, the three
// enrollment forms and the subscriber's e-mail sign-in post application/x-www-form-urlencoded to their own page.
// Each post is checked with the very schema and stored by the very code of its JSON route (the contracts of
// server/intake and server/enrollments, the sign-in of server/portal, handed in by app.ts as `forms`: platform/
// imports no domain, ADR 024), under the same origin check and rate limit,
// and answered with a page: a 303 to the answer page (form-answers.ts), the page again with the values and errors
// (form-refill.ts, status 400), or a refusal page. Any other form posted to a page (the staff forms, the payment
// forms) needs the page's script and gets the not-sent page.
import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance } from "fastify";
import { FORM_NAME_FIELD } from "../../shared/form-post";
import { ROUTES } from "../../shared/routes";
import { CROSS_SITE_MESSAGE } from "../plugins/csrf";
import { publicWriteLimit, RATE_LIMIT_MESSAGE } from "../plugins/public-write";
import { formAnswerRoutes, refusalPage, sendHtml } from "./form-answers";
import { formNotSentPage } from "./form-not-sent";
import {
  NATIVE_FORM_PATHS,
  type NativeFormRoute,
  type NativePost,
  type PostedBody,
} from "./native-post-parts";
import type { SitePages } from "./site-pages";

const BAD_BODY = "The form could not be read. Please go back, check it and send it again.";

/** Refusals as pages: cross-site (403), too many posts (429), a body too large or unreadable (413, 400). */
function htmlErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    const back = request.routeOptions.url ?? "/";
    if (status === 403) return sendHtml(reply, 403, refusalPage("Not sent", CROSS_SITE_MESSAGE, back));
    if (status === 429) {
      return sendHtml(reply, 429, refusalPage("Too many submissions", RATE_LIMIT_MESSAGE, back));
    }
    if (status === 413) {
      return sendHtml(reply, 413, refusalPage("Not sent", "The form is too large (1 MB at most).", back));
    }
    if (status >= 400 && status < 500)
      return sendHtml(reply, status, refusalPage("Not sent", BAD_BODY, back));
    request.log.error({ err: error, reqId: request.id }, "form post failed");
    return sendHtml(
      reply,
      500,
      refusalPage("Not sent", "Something went wrong on our side. Please try again.", back),
    );
  });
}

/** The posted fields, or null when a field came more than once (no form of ours sends that). */
function readBody(raw: unknown): PostedBody | null {
  if (!raw || typeof raw !== "object") return {};
  const body: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== "string") return null;
    body[name] = value;
  }
  return body;
}

export async function nativePostRoutes(
  app: FastifyInstance,
  options: { pages: SitePages; forms: readonly NativeFormRoute[] },
): Promise<void> {
  await app.register(formAnswerRoutes);
  const { pages, forms } = options;
  // The page as served now (the owner's company details included), its live slots left as they were built.
  const pageText = (path: string) => () =>
    pages.live.get(path)?.text ?? pages.byPath.get(path)?.html.toString("utf8") ?? "";
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Anything else (a multipart body, JSON) is drained unread: only the page's script sends those, to /api.
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) => done(null, undefined));
  htmlErrors(app);

  for (const path of NATIVE_FORM_PATHS) {
    const title = ROUTES.find((route) => route.path === path)?.title ?? "";
    app.post(path, { config: publicWriteLimit(app) }, async (request, reply) => {
      const body = readBody(request.body);
      if (!body) return sendHtml(reply, 400, refusalPage("Not sent", BAD_BODY, path));
      const post: NativePost = { app, request, reply, body, path, page: pageText(path) };
      const name = body[FORM_NAME_FIELD];
      const form = forms.find((f) => f.path === path && f.form === name);
      if (form) return form.answer(post);
      // A form that needs the page's script (the link's Confirm button, the staff forms): nothing read or kept.
      return sendHtml(reply, 200, formNotSentPage(path, title));
    });
  }
}
