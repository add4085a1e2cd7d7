// No form field ever goes into an address (issue "Fix first", point 1). Every page of the route table is loaded
// before its scripts can run, each of its forms is filled in and submitted, and no request may carry a field:
// - with scripts off, the browser posts the form to its own page: a form that works without script (contact,
//   enrollment, the e-mail sign-in; tests/e2e/no-script-forms.spec.ts) is answered with its page again or the answer
//   page, any other says it was not sent and links back;
// - with the page's own scripts held back, the head's inline hold keeps the page and what was typed, marks the form
//   busy, and the form sends it once it has its script.
import type { Page, Request } from "@playwright/test";
import { FORM_KEY_FIELD, FORM_NAME_FIELD, NATIVE_FORMS } from "../../shared/form-post";
import { ROUTES } from "../../shared/routes";
import { expect, test } from "./fixtures";

/** Pages of the route table, as the server answers them. */
const PAGES = ROUTES.map((route) => route.path);

/**
 * Pages whose HTML holds a form before any script (contact and review on the landing page). Other pages draw theirs
 * once their script knows what to show (a payment's state, a signed-in person).
 */
const PRERENDERED_FORMS = [
  "/",
  "/",
  "/enroll/basic",
  "/enroll/advanced",
  "/enroll/instructor",
  "/subscribe",
  "/mpaisa-payment",
  "/sign-in",
  "/admin",
];

/** A value for each kind of field a person types into, unlike anything the pages contain. */
const TYPED: Record<string, string> = {
  email: "typed.person@example.fj",
  tel: "8765432",
  number: "37.5",
  date: "1990-05-17",
  password: "Typed-secret-9431",
};
const TYPED_TEXT = "Typedvalue4821";

/** Fills every visible field of the nth form a person can type into; answers the values typed. */
async function fillForm(page: Page, index: number): Promise<string[]> {
  const fields = page
    .locator("form")
    .nth(index)
    .locator(
      "input:visible:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([readonly]):not([disabled]), textarea:visible",
    );
  const typed: string[] = [];
  for (const field of await fields.all()) {
    const type = (await field.getAttribute("type")) ?? "text";
    const value = TYPED[type] ?? TYPED_TEXT;
    await field.fill(value);
    typed.push(value);
  }
  return typed;
}

/** Every request the page makes that carries a query string. */
function watchQueries(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).search) urls.push(request.url());
  });
  return urls;
}

/** The query strings may hold anything but what was typed or a field's name. */
async function expectNoFieldIn(urls: string[], page: Page, index: number, typed: string[]) {
  const names = await page
    .locator("form")
    .nth(index)
    .locator("[name]")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("name") ?? ""));
  for (const url of urls) {
    const query = decodeURIComponent(new URL(url).search);
    for (const value of typed) expect(query, `${url} carries a typed value`).not.toContain(value);
    for (const name of names)
      expect(query, `${url} carries the field ${name}`).not.toMatch(new RegExp(`[?&]${name}=`));
  }
}

test.describe("with scripts off", () => {
  // A form that works without script and is refused by its schema is its page again, answered with 400, which
  // Chromium logs as a failed load.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/the server responded with a status of 400/] });

  test("every form posts to its own page, which says it was not sent and links back", async ({ page }) => {
    const posted: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      const count = await page.locator("form").count();
      for (let index = 0; index < count; index++) {
        if (index > 0) await page.goto(path);
        const form = page.locator("form").nth(index);
        // The certificate check is a GET by design (ADR 032): a certificate number and a surname, no secret.
        if ((await form.getAttribute("method")) === "get") {
          expect(await form.getAttribute("action")).toBe("/verify");
          continue;
        }
        expect(await form.getAttribute("method"), `${path} form ${index}`).toBe("post");
        const queries = watchQueries(page);
        const typed = await fillForm(page, index);
        const submit = form.locator('[type="submit"]').first();
        if (!(await submit.isVisible()) || !(await submit.isEnabled())) continue;
        const named = form.locator(`input[type=hidden][name="${FORM_NAME_FIELD}"]`);
        const native =
          (await named.count()) > 0 &&
          (Object.values(NATIVE_FORMS) as string[]).includes((await named.getAttribute("value")) ?? "");
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await submit.click();
        const response = await answer;
        await page.waitForLoadState();
        // The unsubscribe page's own form works without script and answers with its page (a 400 for no link).
        if (path === "/unsubscribe") expect(response.status()).toBe(400);
        else if (native) {
          // Sent (to the answer page) or refused by the schema (the page again, what was typed kept).
          if (response.status() === 303) expect(new URL(page.url()).pathname).toBe("/form-sent");
          else {
            expect(response.status(), `${path} form ${index}`).toBe(400);
            expect(new URL(page.url()).pathname).toBe(path);
            await expect(page.getByRole("alert").first()).toBeVisible();
          }
        } else {
          expect(response.status(), `${path} form ${index}`).toBe(200);
          expect(new URL(page.url()).pathname).toBe(path);
          await expect(page.getByRole("heading", { level: 1, name: "Your form was not sent" })).toBeVisible();
          await expect(page.getByRole("link", { name: /^Go back to / })).toHaveAttribute("href", path);
          for (const value of typed) await expect(page.locator("body")).not.toContainText(value);
        }
        expect(new URL(page.url()).search, `${path} form ${index} left a query`).toBe("");
        await expectNoFieldIn(queries, page, index, typed);
        posted.push(path);
      }
    }
    // The walk must have found the forms that are in the prerendered pages, or it proved nothing.
    expect(posted).toEqual(expect.arrayContaining(PRERENDERED_FORMS));
  });
});

test.describe("before the page's scripts have run", () => {
  // A form that works without script, refused by its schema, is its page again with a 400 (logged by Chromium).
  test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

  test("a form that needs script holds its submit, with everything typed, shown busy; one that works without it posts", async ({
    page,
  }) => {
    // The page's own scripts are held back (a slow connection); the inline blocks of its HTML still run.
    await page.route(/\/assets\/.*\.js$/, () => {});
    const held: string[] = [];
    const sent: string[] = [];
    for (const path of PAGES) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const count = await page.locator("form[method=post]").count();
      for (let index = 0; index < count; index++) {
        if (index > 0) await page.goto(path, { waitUntil: "domcontentloaded" });
        const form = page.locator("form[method=post]").nth(index);
        // The unsubscribe confirmation posts natively by design, scripts or not.
        if ((await form.getAttribute("data-script-form")) === null) continue;
        const submit = form.locator('[type="submit"]').first();
        if (!(await submit.isVisible()) || !(await submit.isEnabled())) continue;
        const queries = watchQueries(page);
        const posts: string[] = [];
        page.on("request", (request) => request.method() === "POST" && posts.push(request.postData() ?? ""));
        const native = (await form.locator(`input[type=hidden][name="${FORM_KEY_FIELD}"]`).count()) > 0;
        const typed = await fillForm(page, await indexOf(page, form));
        if (native) {
          // Works without script: the browser posts it, with a random key the inline script wrote in.
          const answer = page.waitForResponse((response) => response.request().method() === "POST");
          await submit.click();
          const response = await answer;
          await page.waitForLoadState("domcontentloaded");
          expect([303, 400], `${path} form ${index}`).toContain(response.status());
          expect(posts).toHaveLength(1);
          expect(new URLSearchParams(posts[0]).get(FORM_KEY_FIELD), "a random key").toMatch(/^[0-9a-f]{32}$/);
          expect(new URL(page.url()).search, `${path} form ${index} left a query`).toBe("");
          sent.push(path);
          continue;
        }
        await submit.click();
        await expect(form).toHaveAttribute("aria-busy", "true");
        expect(new URL(page.url()).pathname).toBe(path);
        expect(posts, `${path}: the held submit was posted`).toEqual([]);
        const values = await form
          .locator("input:visible, textarea:visible")
          .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
        for (const value of typed) expect(values).toContain(value);
        await expectNoFieldIn(queries, page, await indexOf(page, form), typed);
        held.push(path);
      }
    }
    // The contact and review forms do not need script; staff sign-in, subscribe and M-PAiSA do; the enrollment
    // forms and the e-mail sign-in do not.
    expect(held).toEqual(expect.arrayContaining(["/subscribe", "/mpaisa-payment", "/admin"]));
    expect(held).not.toContain("/");
    expect(sent).toEqual(
      expect.arrayContaining(["/", "/enroll/basic", "/enroll/advanced", "/enroll/instructor", "/sign-in"]),
    );
  });
});
/** The index of a form among all the page's forms (fillForm counts them all). */
async function indexOf(page: Page, form: ReturnType<Page["locator"]>): Promise<number> {
  const handle = await form.elementHandle();
  return page
    .locator("form")
    .evaluateAll((forms, target) => forms.indexOf(target as HTMLFormElement), handle);
}
