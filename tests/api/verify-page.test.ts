// The public certificate check (issue 15, point 3) as the server answers it: the prerendered form at /verify, the
// answer rendered into the same page for ?number=&surname= and for /verify/<code> (the QR target), statuses, the
// 404 that never tells a wrong surname from an unknown number, hidden certificates, escaping and what is never
// shown. `npm test` builds the site first; DIST_DIR points at another build.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays, formatCalendarDate } from "../../shared/calendar-dates";
import { COMPANY } from "../../shared/company";
import { fijiToday } from "../../shared/fiji-time";
import { textOf } from "../helpers/html-text";
import { siteIsBuilt, withTestApp } from "../helpers/test-app";
import { insertCertificate, newCode, PRIVATE } from "../helpers/verify-rows";

/** The answer slot's content: what the server put after the marker, up to the form's section. */
function answerOf(html: string): string {
  const match = /<div id="verify-answer"[^>]*><!--answer:verify-->([\s\S]*?)<\/div><section/.exec(html);
  if (!match) throw new Error("no answer slot in the page");
  return match[1] ?? "";
}

describe.skipIf(!siteIsBuilt)("certificate verification pages", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const search = (number: string, surname: string) =>
    get(`/verify?${new URLSearchParams({ number, surname })}`);

  it("serves the form at /verify as an indexable prerendered page, listed in the sitemap", async () => {
    const res = await get("/verify");
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    expect(res.headers["x-robots-tag"]).toBeUndefined();
    expect(res.body).not.toContain('name="robots"');
    const form = /<form[^>]*>/.exec(res.body)?.[0];
    expect(form).toContain('action="/verify"');
    expect(form).toContain('method="get"');
    expect(res.body).toMatch(/<label[^>]*for="verify-number"[^>]*>Certificate number/);
    expect(res.body).toMatch(/<label[^>]*for="verify-surname"[^>]*>Holder(&#x27;|')s surname/);
    expect(res.body).toContain('name="number"');
    expect(res.body).toContain('name="surname"');
    expect(res.body).toMatch(/<button[^>]*type="submit"[^>]*>Verify certificate<\/button>/);
    expect(answerOf(res.body)).toBe("");
    // Unrelated query parameters (a campaign tag) still get the form as built.
    expect((await get("/verify?utm_source=card")).headers.etag).toBe(res.headers.etag);
    expect((await get("/sitemap.xml")).body).toContain("/verify</loc>");
    expect((await get("/robots.txt")).body).not.toContain("Disallow: /verify");
  });

  it("shows a certificate by its code: issuer, holder, title, number, dates and Valid, not indexed", async () => {
    const row = await insertCertificate(t.database.db, { expiresOn: null });
    const res = await get(`/verify/${row.code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.body).toContain('<meta name="robots" content="noindex" /></head>');
    const text = textOf(answerOf(res.body));
    expect(text).toContain("Valid certificate");
    expect(text).toContain("Status Valid");
    expect(text).toContain("Holder Mere Nailatikau");
    expect(text).toContain("Certificate CAAF Basic RPAS Pilot Certificate");
    expect(text).toContain(`Certificate number ${row.number}`);
    expect(text).toContain(`Issued by ${COMPANY.legalName}`);
    expect(text).toContain(`Issue date ${formatCalendarDate(row.issuedOn)}`);
    expect(text).toContain("Expiry date Does not expire");
  });

  it("finds the current certificate by number and surname, however the number and surname are typed", async () => {
    const expiresOn = addDays(fijiToday(), 700);
    const row = await insertCertificate(t.database.db, { surname: "Nailatikau-Ratu", expiresOn });
    const typed = [
      [row.number, "Nailatikau-Ratu"],
      [` ${row.number.toLowerCase()} `, "  nailatikau-ratu "],
      [row.number.replaceAll("-", " "), "NAILATIKAU RATU"],
      [row.number.replaceAll("-", "\u2013"), "Náilatikau-Ratu"],
    ] as const;
    for (const [number, surname] of typed) {
      const res = await search(number, surname);
      expect(res.statusCode, `${number} / ${surname}`).toBe(200);
      expect(res.headers["x-robots-tag"]).toBe("noindex");
      const text = textOf(answerOf(res.body));
      expect(text).toContain(`Certificate number ${row.number}`);
      expect(text).toContain(`Expiry date ${formatCalendarDate(expiresOn)}`);
    }
  });

  it("answers a wrong surname exactly as an unknown number: 404, the same page, no hint", async () => {
    const row = await insertCertificate(t.database.db);
    const wrongSurname = await search(row.number, "Smith");
    const unknownNumber = await search("PSR-B-1999-0001", "Smith");
    expect(wrongSurname.statusCode).toBe(404);
    expect(unknownNumber.statusCode).toBe(404);
    expect(wrongSurname.body).toBe(unknownNumber.body);
    expect(textOf(answerOf(wrongSurname.body))).toContain("No certificate found");
    expect(wrongSurname.body).not.toContain(row.number);
    expect(wrongSurname.headers["x-robots-tag"]).toBe("noindex");
    // An unknown code, and a code that could never have been issued, say the same "not found".
    const unknownCode = await get(`/verify/${newCode()}`);
    const badCode = await get("/verify/not%20a%20code!");
    for (const res of [unknownCode, badCode]) {
      expect(res.statusCode).toBe(404);
      expect(answerOf(res.body)).toBe(answerOf(unknownNumber.body));
    }
  });

  it("keeps a certificate hidden from the number search, while its code still shows it", async () => {
    const row = await insertCertificate(t.database.db, { hiddenFromSearch: true });
    const byNumber = await search(row.number, row.surname);
    expect(byNumber.statusCode).toBe(404);
    expect(answerOf(byNumber.body)).toBe(answerOf((await search("PSR-B-1999-0001", "X")).body));
    const byCode = await get(`/verify/${row.code}`);
    expect(byCode.statusCode).toBe(200);
    expect(textOf(answerOf(byCode.body))).toContain("Valid certificate");
  });

  it("shows an expired certificate as expired on its expiry date", async () => {
    const expiresOn = addDays(fijiToday(), -1);
    const row = await insertCertificate(t.database.db, { issuedOn: addDays(fijiToday(), -400), expiresOn });
    for (const res of [await get(`/verify/${row.code}`), await search(row.number, row.surname)]) {
      expect(res.statusCode).toBe(200);
      const text = textOf(answerOf(res.body));
      expect(text).toContain("Expired certificate");
      expect(text).toContain(`Status Expired on ${formatCalendarDate(expiresOn)}`);
    }
  });

  it("shows a revoked certificate as revoked on its Fiji date, never why", async () => {
    // 20:00 UTC on 1 March is 2 March in Fiji.
    const row = await insertCertificate(t.database.db, {
      revokedAt: new Date("2026-03-01T20:00:00Z"),
      revokedBy: "staff",
    });
    for (const res of [await get(`/verify/${row.code}`), await search(row.number, row.surname)]) {
      expect(res.statusCode).toBe(200);
      const text = textOf(answerOf(res.body));
      expect(text).toContain("Revoked certificate");
      expect(text).toContain("Status Revoked on 2 March 2026");
      expect(res.body).not.toContain("staff");
    }
  });

  it("answers the current version by number; an old version's code shows it replaced", async () => {
    const old = await insertCertificate(t.database.db, {
      givenNames: "Mere",
      surname: "Nailatiku",
      replacedAt: new Date("2026-11-20T01:00:00Z"),
    });
    const current = await insertCertificate(t.database.db, {
      number: old.number,
      version: 2,
      givenNames: "Mere",
      surname: "Nailatikau",
    });
    // The new version is a row of its own in these tests: the number and surname find it, not the old one.
    const byNumber = await search(old.number, "Nailatikau");
    expect(byNumber.statusCode).toBe(200);
    expect(textOf(answerOf(byNumber.body))).toContain("Holder Mere Nailatikau Certificate");
    expect(textOf(answerOf(byNumber.body))).toContain("Valid certificate");
    // The old spelling no longer finds anything by number.
    expect((await search(old.number, "Nailatiku")).statusCode).toBe(404);
    const oldPage = await get(`/verify/${old.code}`);
    expect(oldPage.statusCode).toBe(200);
    const text = textOf(answerOf(oldPage.body));
    expect(text).toContain("Replaced certificate");
    expect(text).toContain("Status Replaced on 20 November 2026");
    // It does not lead to the new version's code.
    expect(oldPage.body).not.toContain(current.code);
    expect((await get(`/verify/${current.code}`)).statusCode).toBe(200);
  });

  it("never shows the holder's e-mail, phone, birth date or address, nor the review token", async () => {
    const row = await insertCertificate(t.database.db);
    for (const res of [await get(`/verify/${row.code}`), await search(row.number, row.surname)]) {
      expect(res.statusCode).toBe(200);
      for (const secret of [
        row.email,
        PRIVATE.phone,
        PRIVATE.address,
        PRIVATE.dateOfBirth,
        row.reviewToken,
      ]) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).not.toContain(formatCalendarDate(PRIVATE.dateOfBirth));
    }
  });

  it("escapes a holder's name and finds a surname with an apostrophe", async () => {
    const row = await insertCertificate(t.database.db, {
      givenNames: '<script>alert("x")</script>',
      surname: "O'Brien & <b>Sons</b> $&",
    });
    const res = await search(row.number, "o’brien & <b>sons</b> $&");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert");
    expect(res.body).not.toContain("<b>Sons");
    // Escaped as text (whichever of the characters the renderer escapes beyond "<" and "&").
    expect(answerOf(res.body)).toMatch(/&lt;script(&gt;|>)alert\((&quot;|")x(&quot;|")\)&lt;\/script/);
    expect(textOf(answerOf(res.body))).toContain(
      `Holder <script>alert("x")</script> O'Brien & <b>Sons</b> $&`,
    );
    // Every inline script of the answered page is one the CSP allows by its hash.
    const csp = String(res.headers["content-security-policy"]);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    for (const [, body] of inline) {
      expect(csp).toContain(
        `'sha256-${createHash("sha256")
          .update(body ?? "")
          .digest("base64")}'`,
      );
    }
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src"));
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("asks for both fields when one is missing or unreadable (400), and sends /verify/ to the form", async () => {
    const cases = [
      "/verify?number=&surname=",
      "/verify?number=PSR-B-2026-0001",
      "/verify?surname=Nailatikau",
      `/verify?number=${"9".repeat(41)}&surname=X`,
      "/verify?number=a&number=b&surname=X",
    ];
    for (const url of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(textOf(answerOf(res.body)), url).toContain("Check your entry");
    }
    const slash = await get("/verify/");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/verify");
  });

  it("finds a revoked certificate's reissue by number, while the old code shows it revoked", async () => {
    // A revoked certificate's reissue: the old row is replaced and revoked, the new one is current and valid.
    const old = await insertCertificate(t.database.db, {
      revokedAt: new Date("2026-11-01T00:00:00Z"),
      revokedBy: "staff",
      replacedAt: new Date("2026-11-02T00:00:00Z"),
    });
    await insertCertificate(t.database.db, { number: old.number, version: 2 });
    const res = await search(old.number, old.surname);
    expect(textOf(answerOf(res.body))).toContain("Valid certificate");
    // Revoked outranks replaced on the old version's own page.
    expect(textOf(answerOf((await get(`/verify/${old.code}`)).body))).toContain("Revoked certificate");
  });
});
