// Every page the site serves is valid HTML by the W3C Nu HTML Checker (vnu.jar from the vnu-jar package), as the
// server answers it: every route of shared/routes.ts, the 404 page, the payment pages, and the answers the server
// fills in (live intakes, a certificate look-up, an unsubscribe link). One JVM run checks every page (ADR 040).
// Needs the built site (`npm test` builds first; DIST_DIR points at another build) and Java (`.ci/run` installs it).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { reviews } from "../../server/db/schema";
import { newWithdrawToken, withdrawTokenHash } from "../../server/intake/testimonials";
import { ROUTES } from "../../shared/routes";
import { insertIntake } from "../helpers/admin-session";
import { SITE_ORIGIN, siteIsBuilt, withTestApp } from "../helpers/test-app";

// The package's main export is the jar's path (a String object).
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const javaMissing = () => spawnSync("java", ["-version"], { stdio: "ignore" }).status !== 0;

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/**
 * What the checker says of the files, CSS messages left out: its CSS parser predates @property and other rules
 * Tailwind 4 writes, so it reports valid stylesheets as errors (ADR 040).
 */
async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  const { stdout } = await promisify(execFile)(
    "java",
    [
      "-Xss4m",
      "-jar",
      vnuJar,
      "--errors-only",
      "--exit-zero-always",
      "--format",
      "json",
      "--stdout",
      ...files,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  return messages.filter((m) => !m.message.startsWith("CSS:"));
}

/** The addresses checked: every route, the 404 page, and pages whose answer the server fills in. */
const PAGES = [
  ...ROUTES.map((route) => route.path),
  "/no-such-page",
  "/verify/NOT-A-CODE",
  "/verify?number=RPAS-0000&surname=Nobody",
  "/unsubscribe?token=not-a-token",
];

const skipReason = !siteIsBuilt
  ? "skipped: the site is not built (npm run build)"
  : javaMissing()
    ? "skipped: Java is missing (apt-get install default-jre-headless)"
    : "";
if (skipReason) console.warn(`The HTML validity check is ${skipReason}.`);

describe.skipIf(skipReason !== "")("the W3C Nu HTML Checker", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const dir = mkdtempSync(join(tmpdir(), "rpas-vnu-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports no error on any page the site serves", { timeout: 180_000 }, async () => {
    // Two intakes, so the live slots hold intake cards rather than "New dates are announced soon."
    await insertIntake(t.database.db, 30, "Suva", 8);
    await insertIntake(t.database.db, 60, "Nadi", 1);
    const files = new Map<string, string>();
    for (const [index, path] of PAGES.entries()) {
      const res = await t.app.inject({ method: "GET", url: path });
      expect(res.headers["content-type"], path).toBe("text/html; charset=utf-8");
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, res.body);
      files.set(file, path);
    }
    // A form posted without its script: the page that says it was not sent (server/platform/form-not-sent.ts).
    const notSent = await t.app.inject({
      method: "POST",
      url: "/enroll/basic",
      headers: { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "firstName=Ana&email=ana%40example.fj",
    });
    expect(notSent.statusCode).toBe(200);
    writeFileSync(join(dir, "form-not-sent.html"), notSent.body);
    files.set(join(dir, "form-not-sent.html"), "POST /enroll/basic");
    // The forms that work without script (server/platform/native-posts.ts): the page again with values and errors,
    // the answer page after the 303, the sign-in code form and a refusal.
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
    const keep = async (name: string, res: Awaited<ReturnType<typeof post>>) => {
      const body =
        res.statusCode === 303
          ? (
              await t.app.inject({
                method: "GET",
                url: String(res.headers.location),
                headers: { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
              })
            ).body
          : res.body;
      writeFileSync(join(dir, `${name}.html`), body);
      files.set(join(dir, `${name}.html`), name);
    };
    const contact = {
      form: "contact",
      firstName: "Ana",
      lastName: "Vula",
      email: "ana@example.fj",
      serviceInterest: "General Inquiry",
      message: "Hello",
    };
    await keep("contact refused", await post("/", { ...contact, firstName: "", email: "x" }));
    await keep("contact sent", await post("/", contact));
    const enrollment = { form: "enrollment", firstName: "Ana", lastName: "Vula", email: "ana@example.fj" };
    await keep(
      "enrollment refused",
      await post("/enroll/advanced", { ...enrollment, totalFlyingHours: "x" }),
    );
    await keep(
      "enrollment sent",
      await post("/enroll/basic", { ...enrollment, phone: "9991234", highestEducation: "certificate" }),
    );
    await keep("sign-in refused", await post("/sign-in", { form: "sign-in", email: "x" }));
    await keep("sign-in code sent", await post("/sign-in", { form: "sign-in", email: "ana@example.fj" }));
    await keep(
      "sign-in code refused",
      await post("/sign-in/confirm", { form: "sign-in-code", email: "ana@example.fj", code: "000000" }),
    );
    const review = { form: "review", name: "Ana Vula", review: "Great course.", featureConsent: "on" };
    await keep("review refused", await post("/", { ...review, rating: "" }));
    await keep("review sent", await post("/", { ...review, rating: "5" }));
    // The withdraw link of a review's approval e-mail: its button, the answer, and a link that names nothing.
    const token = newWithdrawToken();
    await t.database.db.insert(reviews).values({
      name: "Ana Vula",
      rating: 5,
      text: "Great course.",
      status: "approved",
      featureConsentAt: new Date(),
      withdrawTokenHash: withdrawTokenHash(token),
    });
    const withdraw = `/reviews/withdraw/${token}`;
    await keep("withdraw button", await t.app.inject({ method: "GET", url: withdraw }));
    await keep("withdrawn", await post(withdraw, {}));
    await keep(
      "withdraw unknown",
      await t.app.inject({ method: "GET", url: `/reviews/withdraw/${"A".repeat(43)}` }),
    );
    await keep("cross-site refusal", await post("/", contact, { origin: "https://evil.example" }));
    await keep("no answer", await t.app.inject({ method: "GET", url: "/form-sent" }));
    const messages = await checkHtml([...files.keys()]);
    // Every page was read: an unreadable file would be left out of the answer, not reported.
    expect(messages.filter((m) => m.type === "non-document-error")).toEqual([]);
    const errors = messages.map(
      (m) =>
        `${files.get(m.url?.replace(/^file:/, "") ?? "") ?? m.url} line ${m.lastLine}: ${m.message} [${m.extract?.trim()}]`,
    );
    expect(errors).toEqual([]);
  });

  it("would report an invalid page", { timeout: 60_000 }, async () => {
    // The check can fail: the landing page's old mistakes (ADR 040), each found.
    const file = join(dir, "invalid.html");
    writeFileSync(
      file,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><dl><div><svg></svg><dt>a</dt><dd>b</dd></div></dl>' +
        '<label>Phone <input type="tel" autocomplete="tel-national"></label>' +
        '<label>Address <input autocomplete="street-address"></label></body></html>',
    );
    const messages = (await checkHtml([file])).map((m) => m.message);
    expect(messages).toEqual([
      expect.stringContaining("Element “svg” not allowed as child of element “div”"),
      expect.stringContaining("“tel-national” is not allowed in this context"),
      expect.stringContaining("“street-address” is not allowed in this context"),
    ]);
  });
});
