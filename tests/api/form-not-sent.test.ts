// A form posted to its own page without its script (scripts off, or before they ran) is answered with a page that
// says it was not sent: nothing stored, nothing typed echoed, never cached, and the same-site rule still holds.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FORM_NOT_SENT_TITLE } from "../../server/platform/form-not-sent";
import { ROUTES } from "../../shared/routes";
import { textOf } from "../helpers/html-text";
import { CROSS_SITE, SITE_ORIGIN, siteIsBuilt, withTestApp } from "../helpers/test-app";

const FORM = { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded" };

describe.skipIf(!siteIsBuilt)("a form posted to its page", () => {
  const t = withTestApp({ site: true });
  const count = async (table: string) =>
    Number(
      (
        (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  it.each(
    ROUTES.filter((route) => !["/unsubscribe", "/texts/stop"].includes(route.path)).map(
      (route) => route.path,
    ),
  )("POST %s says it was not sent and links back", async (path) => {
    const res = await t.app.inject({
      method: "POST",
      url: path,
      headers: FORM,
      payload: "username=staff&password=Typed-secret-9431&email=ana%40example.fj",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    const text = textOf(res.body);
    expect(text).toContain(FORM_NOT_SENT_TITLE);
    expect(text).toContain("Nothing you typed was sent or stored.");
    expect(res.body).toContain(`href="${path}"`);
    expect(res.body).not.toContain("Typed-secret-9431");
    expect(res.body).not.toContain("ana@example.fj");
  });

  it("stores nothing, whatever the form's encoding", async () => {
    const before = [await count("enrollments"), await count("contact_messages")];
    const multipart = await t.app.inject({
      method: "POST",
      url: "/enroll/basic",
      headers: { origin: SITE_ORIGIN, "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAna\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    const urlencoded = await t.app.inject({
      method: "POST",
      url: "/",
      headers: FORM,
      payload: "firstName=Ana",
    });
    expect(urlencoded.statusCode).toBe(200);
    expect([await count("enrollments"), await count("contact_messages")]).toEqual(before);
  });

  it("refuses a post from another site and a body past the limit", async () => {
    const forged = await t.app.inject({
      method: "POST",
      url: "/admin",
      headers: { ...FORM, ...CROSS_SITE },
      payload: "username=staff",
    });
    expect(forged.statusCode).toBe(403);
    const huge = await t.app.inject({
      method: "POST",
      url: "/",
      headers: FORM,
      payload: "x".repeat(1_048_577),
    });
    expect(huge.statusCode).toBe(413);
  });
});
