// The digest's unsubscribe page as the server answers it: opening the link changes nothing and shows a button for
// the address it names; the button's form POST (same-site, CSRF-checked like every page form) turns the digest off
// and lands back on the page, which then says so; a bad link says it does not work. `npm test` builds the site
// first; DIST_DIR points at another build.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { unsubscribeToken } from "../../server/portal/unsubscribe-token";
import { CROSS_SITE, sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";

/** The answer slot's content: what the server put after the marker. */
function answerOf(html: string): string {
  const match =
    /<div id="unsubscribe-answer"[^>]*><!--answer:unsubscribe-->([\s\S]*?)<\/section><\/div>/.exec(html);
  if (!match) throw new Error("no answer in the page");
  return match[1] ?? "";
}

describe.skipIf(!siteIsBuilt)("unsubscribe page", () => {
  const t = withTestApp({ site: true });

  async function subscriberToken(email: string) {
    const [user] = await t.database.db.insert(users).values({ email }).returning({ id: users.id });
    return { id: user?.id ?? 0, token: unsubscribeToken(t.app.unsubscribeKey, user?.id ?? 0) };
  }
  const optedOutAt = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.digestOptOutAt ?? null;
  const post = (body: string, headers: Record<string, string> = sameSite, url = "/unsubscribe") =>
    t.app.inject({
      method: "POST",
      url,
      payload: body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("opening the link asks first: the address and a button, nothing changed, never indexed", async () => {
    const { id, token } = await subscriberToken("reader@example.fj");
    const res = await t.app.inject({ method: "GET", url: `/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(res.body).toContain('<meta name="robots" content="noindex"');
    const answer = answerOf(res.body);
    expect(answer).toContain("Stop the monthly digest?");
    expect(answer).toContain("reader@example.fj");
    const form = /<form [^>]*>/.exec(answer)?.[0] ?? "";
    expect(form).toContain('action="/unsubscribe"');
    expect(form).toContain('method="post"');
    expect(answer).toContain(`<input type="hidden" name="token" value="${token}"/>`);
    expect(answer).toContain(">Unsubscribe</button>");
    expect(await optedOutAt(id)).toBeNull();
  });

  it("the button turns the digest off and the page then says so; a reload or a second press changes nothing", async () => {
    const { id, token } = await subscriberToken("button@example.fj");
    const res = await post(`token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
    const at = await optedOutAt(id);
    expect(at).toBeInstanceOf(Date);
    const page = await t.app.inject({ method: "GET", url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    const answer = answerOf(page.body);
    expect(answer).toContain("You are unsubscribed");
    expect(answer).toContain("button@example.fj");
    expect(answer).not.toContain("<form");
    expect((await post(`token=${token}`)).statusCode).toBe(303);
    expect(await optedOutAt(id)).toEqual(at);
  });

  it("another site cannot post the form for someone", async () => {
    const { id, token } = await subscriberToken("forged@example.fj");
    const res = await post(`token=${token}`, CROSS_SITE);
    expect(res.statusCode).toBe(403);
    expect(await optedOutAt(id)).toBeNull();
  });

  it("a missing, forged or foreign token says the link does not work, and escapes nothing into the page", async () => {
    const { id, token } = await subscriberToken("victim@example.fj");
    const other = await subscriberToken("attacker@example.fj");
    const forged = `${id}.${other.token.split(".")[1]}`;
    for (const url of [
      "/unsubscribe?token=",
      `/unsubscribe?token=${forged}`,
      `/unsubscribe?token=${encodeURIComponent("<script>alert(1)</script>")}`,
      `/unsubscribe?token=${unsubscribeToken(t.app.unsubscribeKey, 999_999)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(400);
      const answer = answerOf(res.body);
      expect(answer).toContain("This link does not work");
      expect(answer).not.toContain("<script>");
      expect(answer).not.toContain("victim@example.fj");
    }
    const refused = await post(`token=${forged}`);
    expect(refused.statusCode).toBe(400);
    expect(answerOf(refused.body)).toContain("This link does not work");
    expect(await optedOutAt(id)).toBeNull();
    // The real token still works afterwards.
    expect((await post(`token=${token}`)).statusCode).toBe(303);
  });

  it("opened without a link, it says where the link is", async () => {
    const res = await t.app.inject({ method: "GET", url: "/unsubscribe" });
    expect(res.statusCode).toBe(200);
    expect(answerOf(res.body)).toContain("Use the link in your e-mail");
    expect(answerOf(res.body)).not.toContain("<form");
  });

  it("is not in the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.body).not.toContain("/unsubscribe");
  });
});
