// Every setting the server puts into HTML it builds itself is escaped (issue 31, point 7): an owner's company name
// with markup in it, saved in Settings, shows as text on the sign-out page and on the server's other own pages.
import { describe, expect, it } from "vitest";
import { sandboxPage } from "../../server/integrations/mpaisa-sandbox";
import { formAnswerPage, refusalPage } from "../../server/platform/form-answers";
import { formNotSentPage } from "../../server/platform/form-not-sent";
import { escapeHtml } from "../../server/platform/plain-page";
import { signOutPage } from "../../server/platform/sign-out-page";
import { withSiteDetails } from "../../server/platform/site-details-pages";
import { COMPANY } from "../../shared/company";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { SEEDED_SITE_DETAILS } from "../../shared/site-details";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";

const NAME = `Acme <script>alert(1)</script> & "Co" 'Ltd'`;
const ESCAPED = "Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &#x27;Ltd&#x27;";

describe("settings in the server's own pages", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  it("escapes the company name set in Settings on the sign-out page", async () => {
    const owner = await createStaffAndSignIn(t.app, t.database.db);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: {
        company: {
          ...DEFAULT_SETTINGS.company,
          name: NAME,
          mpaisa: { merchantName: NAME, merchantNumber: "7654321" },
        },
      },
      headers: { ...sameSite, cookie: owner },
    });
    expect(saved.statusCode).toBe(200);
    expect(COMPANY.name).toBe(NAME);
    // A sign-out link followed from another site: the confirmation page.
    const page = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Do you want to sign out of the ${ESCAPED} Document Portal?`);
    expect(page.body).toContain(`<title>Sign out? - ${ESCAPED}</title>`);
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.body).not.toContain('"Co"');
  });

  it.skipIf(!siteIsBuilt)(
    "escapes it on the served pages and on the page a form sent too early lands on",
    async () => {
      const home = await t.app.inject({ method: "GET", url: "/" });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(`<meta property="og:site_name" content="${ESCAPED}"`);
      expect(home.body).not.toContain("<script>alert(1)");
      const notSent = await t.app.inject({
        method: "POST",
        url: "/",
        payload: "name=x",
        headers: { ...sameSite, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(notSent.statusCode).toBe(200);
      expect(notSent.body).toContain(ESCAPED);
      expect(notSent.body).not.toContain("<script>alert(1)");
    },
  );

  it("escapes it on the other pages the server writes", () => {
    expect(COMPANY.name).toBe(NAME);
    const pages = {
      signOut: signOutPage(),
      formNotSent: formNotSentPage("/contact", "Contact | Pacific Sky RPAS"),
      refusal: refusalPage("Not sent", "Please try again.", "/contact"),
      answer: formAnswerPage({ title: "Sent", lines: ["Thank you."], link: { href: "/", text: "Home" } }),
      sandbox: sandboxPage(
        {
          requestId: "req_1",
          reference: "ref-1",
          amountCents: 5000,
          itemDetail: "Portal <b>month</b>",
          returnUrl: "https://rpas.example.test/mpaisa-payment",
          code: 0,
          payableUntil: Date.now() + 60_000,
          createdAt: Date.now(),
        },
        "sandbox-secret",
      ),
    };
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).not.toContain("<script>alert(1)");
      expect(html, name).not.toContain("<b>month");
    }
    for (const name of ["signOut", "formNotSent", "refusal", "answer"] as const) {
      expect(pages[name], name).toContain(`<title>`);
      expect(pages[name], name).toContain(ESCAPED);
    }
    expect(pages.sandbox).toContain(`<dd>${ESCAPED}</dd>`);
    expect(pages.sandbox).toContain("Portal &lt;b&gt;month&lt;/b&gt;");
  });

  it("escapes it in a prerendered page's head the way React escapes the page", () => {
    const seeded = SEEDED_SITE_DETAILS.company.name;
    const built = `<!doctype html><html><head><title>Home | ${seeded}</title><meta property="og:site_name" content="${seeded}"></head><body><div id="root"><p>old</p></div></body></html>`;
    const page = withSiteDetails(
      built,
      { html: `<p>${escapeHtml(NAME)}</p>`, jsonLd: [{ name: NAME }] },
      { ...SEEDED_SITE_DETAILS, company: { ...SEEDED_SITE_DETAILS.company, name: NAME } },
    );
    expect(page).toContain(`<title>Home | ${ESCAPED}</title>`);
    expect(page).toContain(`<meta property="og:site_name" content="${ESCAPED}">`);
    // The JSON blocks cannot close their script element early.
    expect(page).not.toContain("<script>alert(1)");
    expect(page).toContain("\\u003cscript>alert(1)\\u003c/script>");
  });
});
