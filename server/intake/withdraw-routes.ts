// The withdraw link of a review's approval e-mail (docs/product.md, Testimonials with consent): GET
// /reviews/withdraw/<token> shows a plain page with one button and changes nothing (mail scanners and link previews
// open links); the button's form POST withdraws at once, without signing in, and the answer says it is done. The POST
// meets the site's CSRF check like every other form (its Origin must be this site), and a token that names no review
// is a 404 page that tells nothing more.
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { WITHDRAW_PATH, withdrawPathOf } from "../../shared/testimonials";
import { refusalPage, sendHtml } from "../platform/form-answers";
import { escapeHtml, plainPage } from "../platform/plain-page";
import { withdrawConsent, withdrawState } from "./testimonials";

const ROUTE = `${WITHDRAW_PATH}/:token`;

const PAGES = {
  confirm: (token: string) =>
    plainPage(
      "Stop featuring your review",
      `<h1>Stop featuring your review?</h1>
<p>You told us we may feature your review as a testimonial on our home page. If you withdraw that permission, we stop
featuring it at once and remove any photo of you. Your review stays among the other reviews, in your words.</p>
<form method="post" action="${escapeHtml(withdrawPathOf(token))}"><button type="submit">Withdraw my permission</button></form>
<p><a href="/">Keep it and go to the home page</a></p>`,
    ),
  done: plainPage(
    "Permission withdrawn",
    `<h1>Permission withdrawn</h1>
<p role="status">Your review is no longer featured on our home page, and any photo of you has been removed. It stays
among the other reviews, in your words.</p>
<p><a href="/">Go to the home page</a></p>`,
  ),
  unknown: plainPage(
    "Link not recognised",
    `<h1>Link not recognised</h1>
<p>This link does not name a review of ours. Please copy the whole link from the e-mail we sent you, or write to us
through the contact form on our home page.</p>
<p><a href="/">Go to the home page</a></p>`,
  ),
};

const tokenOf = (params: unknown) => String((params as { token?: unknown }).token ?? "");

export async function withdrawRoutes(app: FastifyInstance): Promise<void> {
  // The button posts an empty form; nothing in it is read.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  // Refusals here (a cross-site post, an unreadable body) are pages, as the button's answer is.
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error, reqId: request.id }, "withdraw failed");
    const message = status === 500 ? "Something went wrong on our side. Please try again." : error.message;
    return sendHtml(reply, status, refusalPage("Not withdrawn", message, request.url));
  });

  app.get(ROUTE, async (request, reply) => {
    const token = tokenOf(request.params);
    const state = await withdrawState(app.db, token);
    if (state === "unknown") return sendHtml(reply, 404, PAGES.unknown);
    return sendHtml(reply, 200, state === "withdrawn" ? PAGES.done : PAGES.confirm(token));
  });

  app.post(ROUTE, async (request, reply) => {
    if (!(await withdrawConsent(app.db, tokenOf(request.params), request.ip))) {
      return sendHtml(reply, 404, PAGES.unknown);
    }
    // The home page's featured testimonials are read afresh.
    app.siteDetails.changed();
    request.log.info("review featuring consent withdrawn");
    return sendHtml(reply, 200, PAGES.done);
  });
}
