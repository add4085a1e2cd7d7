// Every form on the site posts to its own page (method="post", action = the page's path), so a submit that the page's
// script did not take (scripts off, or sent before they ran and without the inline hold of web/lib/early-input) never
// puts a field in an address. The post lands here: a page that says plainly the form was not sent and links back.
// Nothing in the body is read or kept, so nothing typed (a password, a date of birth) is ever echoed or logged.
import type { FastifyInstance } from "fastify";
import { COMPANY } from "../../shared/company";
import { UNSUBSCRIBE_PATH } from "../../shared/digest";
import { ROUTES } from "../../shared/routes";
import { TEXT_STOP_PAGE_PATH } from "../../shared/text-stop";
import { sendHtml } from "./form-answers";
import { NATIVE_FORM_PATHS } from "./native-post-parts";
import { escapeHtml, plainPage } from "./plain-page";

export const FORM_NOT_SENT_TITLE = "Your form was not sent";

/** A page's name as its link reads: its title without the site's name. */
const pageName = (title: string) => title.replace(/\s*\|[^|]*$/, "");

export function formNotSentPage(path: string, title: string): string {
  const phone = COMPANY.phones[0];
  const email = COMPANY.emails[0].address;
  return plainPage(
    FORM_NOT_SENT_TITLE,
    `<h1>${FORM_NOT_SENT_TITLE}</h1>
<p>This page could not send your form yet: it needs JavaScript, which had not finished loading or is turned off in
this browser. Nothing you typed was sent or stored.</p>
<p><a href="${escapeHtml(path)}">Go back to ${escapeHtml(pageName(title))}</a>, wait a moment for it to load, and
send the form again.</p>
<p>You can also call us on <a href="tel:${escapeHtml(phone.tel)}">${escapeHtml(phone.display)}</a> or e-mail
<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>.</p>`,
  );
}

/** POST on every page that has no form handler of its own (the unsubscribe page has one). */
export async function formNotSentRoutes(app: FastifyInstance): Promise<void> {
  // Whatever the browser sent (a form's url-encoded or multipart body), within the usual limit, is drained unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) => done(null, undefined));
  for (const route of ROUTES) {
    // The unsubscribe and text opt-out pages and the forms that work without script (native-posts.ts) answer their
    // own posts.
    if (
      [UNSUBSCRIBE_PATH, TEXT_STOP_PAGE_PATH].includes(route.path) ||
      NATIVE_FORM_PATHS.includes(route.path)
    ) {
      continue;
    }
    app.post(route.path, async (_request, reply) =>
      sendHtml(reply, 200, formNotSentPage(route.path, route.title)),
    );
  }
}
