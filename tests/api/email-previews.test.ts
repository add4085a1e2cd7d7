// Staff preview each e-mail template with the sample data in the dashboard's E-mail view: the list of templates and
// each one composed as the mailer would send it now (its HTML part, sender, reply address, files), for signed-in
// staff only.
import { describe, expect, it } from "vitest";
import { COMPANY } from "../../shared/company";
import { EMAIL_PREVIEWS_PATH, type EmailPreview, type EmailPreviewItem } from "../../shared/contracts/outbox";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { SITE_ORIGIN, withTestApp } from "../helpers/test-app";

describe("e-mail previews", () => {
  const t = withTestApp({ env: { MAIL_FROM: "Whatever Name <bookings@rpas.example.test>" } });
  const get = async (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("answer only signed-in staff", async () => {
    expect((await get(EMAIL_PREVIEWS_PATH)).statusCode).toBe(401);
    expect((await get(`${EMAIL_PREVIEWS_PATH}/signInEmail.to-the-portal-named`)).statusCode).toBe(401);
  });

  it("list every template case once, and show one as it would be sent now", async () => {
    const staff = await createStaffAndSignIn(t.app, t.database.db);
    const list = await get(EMAIL_PREVIEWS_PATH, staff);
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const items: EmailPreviewItem[] = list.json().items;
    expect(items.length).toBeGreaterThan(50);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(items).toContainEqual(
      expect.objectContaining({
        id: "signInEmail.to-the-portal-named",
        template: "signInEmail",
        sensitive: true,
      }),
    );

    const certificate = await get(`${EMAIL_PREVIEWS_PATH}/certificateEmail.issued-with-an-expiry`, staff);
    expect(certificate.statusCode).toBe(200);
    const preview: EmailPreview = certificate.json();
    expect(preview).toMatchObject({
      template: "certificateEmail",
      from: `${COMPANY.name} <bookings@rpas.example.test>`,
      replyTo: COMPANY.emails[0].address,
      listUnsubscribe: null,
      attachments: [{ filename: "PSR-B-2026-0042.pdf", contentType: "application/pdf" }],
    });
    expect(preview.text).toContain("Your certificate is attached as a PDF.");
    expect(preview.html).toContain(`<img src="${SITE_ORIGIN}/email-logo.png"`);
    expect(preview.html).toContain("Your certificate is attached as a PDF.");

    const digest: EmailPreview = (
      await get(`${EMAIL_PREVIEWS_PATH}/digestEmail.updated-documents-only-name-unknown`, staff)
    ).json();
    expect(digest.listUnsubscribe).toMatch(/^<https:\/\/.+\/api\/digest\/unsubscribe\?token=.+>$/);

    // The sign-in e-mail shows the sample's made-up code, never a real one.
    const signIn: EmailPreview = (
      await get(`${EMAIL_PREVIEWS_PATH}/signInEmail.to-the-portal-named`, staff)
    ).json();
    expect(signIn).toMatchObject({ sensitive: true });
    expect(signIn.text).toContain("482913");

    const unknown = await get(`${EMAIL_PREVIEWS_PATH}/noSuchEmail.at-all`, staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No e-mail template has that name.");
  });
});
