// Forms that survive the connection (docs/product.md; ADR 041): drafts kept on this device and put back after a
// reload, with Clear; contact, review and enrollment submissions that got no answer kept and sent again once, with
// the same Idempotency-Key, when the connection returns or the next page loads; payment forms keep their drafts
// (never the card) and are never queued.
import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import { MIN_FILL_TIME_MS } from "../../shared/anti-spam";
import { expect, jumpTo, open, test } from "./fixtures";
import { STAFF, uniqueTag } from "./staff-helpers";

// Chromium logs each request the offline browser could not send, and the wallet's refusal without a provider.
// (One pattern: Playwright would read a list of several as a fixture's [value, options].)
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 503/] });

const SAVED = "Your message is saved on this device and will be sent when the connection returns.";

/** Every POST the page sends to `path`, as the browser sent it (the offline attempts too). */
function postsTo(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

const storedItem = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Everything in the page's localStorage as one string. */
const allStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

async function fillContact(page: Page, tag: string) {
  const section = page.locator("section#contact");
  await section.getByLabel(/^First Name/).fill("Litia");
  await section.getByLabel(/^Last Name/).fill(tag);
  await section.getByLabel(/^Email/).fill(`litia.${tag}@example.com`);
  await section.getByLabel(/^Service Interest/).selectOption("Training Programs");
  await section.getByLabel(/^Message/).fill(`Four extension officers next quarter, ${tag}.`);
  return section;
}

/** Staff's view of what the server stored: the contact messages (any status) whose names carry `tag`. */
async function storedMessages(request: APIRequestContext, baseURL: string, tag: string) {
  const login = await request.post("/api/admin/login", { headers: { Origin: baseURL }, data: STAFF });
  expect(login.status(), await login.text()).toBe(200);
  const list = await request.get(`/api/admin/messages?status=all&q=${tag}`);
  expect(list.status()).toBe(200);
  return ((await list.json()) as { items: { lastName: string }[] }).items;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe("drafts", () => {
  test("the contact form's draft comes back after a reload, and Clear empties form and draft", async ({
    page,
  }, testInfo) => {
    await open(page, "/");
    await jumpTo(page, "contact");
    await fillContact(page, uniqueTag(testInfo));
    await expect.poll(() => storedItem(page, "form-draft:contact")).toContain("Four extension officers");

    await open(page, "/");
    const section = page.locator("section#contact");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("Litia");
    await expect(section.getByLabel(/^Service Interest/)).toHaveValue("Training Programs");
    await expect(section.getByLabel(/^Message/)).toHaveValue(/^Four extension officers/);
    await expect(section.getByText("Restored from your last visit on this device.")).toBeVisible();

    await section.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");
    await expect(section.getByLabel(/^Message/)).toHaveValue("");
    await expect(section.getByText("Restored from your last visit on this device.")).toHaveCount(0);
    expect(await storedItem(page, "form-draft:contact")).toBeNull();
    await open(page, "/");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");

    // Typing and then deleting it all leaves no draft behind.
    await section.getByLabel(/^First Name/).fill("L");
    await expect.poll(() => storedItem(page, "form-draft:contact")).not.toBeNull();
    await section.getByLabel(/^First Name/).fill("");
    await expect.poll(() => storedItem(page, "form-draft:contact")).toBeNull();
  });

  test("a restored draft keeps the time already spent, and one older than 7 days is forgotten", async ({
    page,
  }) => {
    await open(page, "/");
    const draft = (savedAt: number) => ({
      values: {
        firstName: "Sereana",
        lastName: "Vula",
        email: "sereana.vula@example.com",
        serviceInterest: "General Inquiry",
        message: "Typed on the bus yesterday.",
      },
      elapsedMs: 95_000,
      savedAt,
    });
    const store = (value: object) =>
      page.evaluate((json) => localStorage.setItem("form-draft:contact", json), JSON.stringify(value));
    const section = page.locator("section#contact");

    await store(draft(Date.now() - 8 * 24 * 60 * 60 * 1000));
    await open(page, "/");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");
    expect(await storedItem(page, "form-draft:contact")).toBeNull();

    await store(draft(Date.now() - 6 * 24 * 60 * 60 * 1000));
    await open(page, "/");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("Sereana");
    // Sent at once after coming back: the time counts from the draft's 95 seconds, not from zero.
    const sent = page.waitForRequest((req) => req.method() === "POST" && req.url().endsWith("/api/contacts"));
    await section.getByRole("button", { name: "Send Message" }).click();
    const { formElapsedMs } = (await sent).postDataJSON() as { formElapsedMs: number };
    expect(formElapsedMs).toBeGreaterThanOrEqual(95_000);
    expect(formElapsedMs).toBeGreaterThan(MIN_FILL_TIME_MS);
    await expect(
      page.getByText("Your message has been sent successfully! We'll get back to you soon.", { exact: true }),
    ).toBeVisible();
    expect(await storedItem(page, "form-draft:contact")).toBeNull();
  });

  test("junk in storage is ignored and removed", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => {
      localStorage.setItem("form-draft:contact", "{not json");
      localStorage.setItem("form-draft:review", JSON.stringify({ values: [1], elapsedMs: "x" }));
      localStorage.setItem("form-queue", JSON.stringify({ path: "https://elsewhere.example/" }));
    });
    await open(page, "/");
    await expect(page.locator("section#contact").getByLabel(/^First Name/)).toHaveValue("");
    await expect.poll(() => allStorage(page)).toBe("{}");
  });

  test("the card form keeps the cardholder and billing address, never the card", async ({ page }) => {
    await open(page, "/payment");
    const card = page.getByRole("region", { name: "Card Details" });
    await card.getByLabel(/^Email/).fill("mere.tuilau@example.com");
    await card.getByLabel(/^Card Number/).fill("4242424242424242");
    await card.getByLabel(/^Expiry Date/).fill("1230");
    await card.getByLabel(/^CVV/).fill("737");
    await card.getByLabel(/^Cardholder Name/).fill("Mere Tuilau");
    await card.getByLabel(/^Street Address/).fill("12 Victoria Parade");
    await card.getByLabel(/^City/).fill("Suva");
    await expect.poll(() => storedItem(page, "form-draft:card-payment")).toContain("Suva");

    const stored = await allStorage(page);
    expect(stored).toContain("Mere Tuilau");
    for (const secret of ["4242", "12/30", "1230", "737", "number", "expiry", "cvv"]) {
      expect(stored, `${secret} must never be stored`).not.toContain(secret);
    }

    await open(page, "/payment");
    await expect(card.getByLabel(/^Cardholder Name/)).toHaveValue("Mere Tuilau");
    await expect(card.getByLabel(/^Street Address/)).toHaveValue("12 Victoria Parade");
    await expect(card.getByLabel(/^City/)).toHaveValue("Suva");
    await expect(card.getByLabel(/^Email/)).toHaveValue("mere.tuilau@example.com");
    await expect(card.getByLabel(/^Card Number/)).toHaveValue("");
    await expect(card.getByLabel(/^Expiry Date/)).toHaveValue("");
    await expect(card.getByLabel(/^CVV/)).toHaveValue("");

    await card.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(card.getByLabel(/^Cardholder Name/)).toHaveValue("");
    expect(await storedItem(page, "form-draft:card-payment")).toBeNull();
  });

  test("the wallet form keeps its draft but a payment request is never queued", async ({ page, context }) => {
    await open(page, "/mpaisa-payment");
    const requests = postsTo(page, "/api/create-mpaisa-payment");
    await page.getByLabel(/^M-PAiSA Mobile Number/).fill("9123456");
    await page.getByLabel(/^Email/).fill("litia.naivalu@example.com");
    await page.getByLabel(/^Full Name/).fill("Litia Naivalu");
    await page.getByLabel(/^Amount \(FJD\)/).fill("40.00");
    await expect.poll(() => storedItem(page, "form-draft:wallet-payment")).toContain("40.00");

    await goOffline(context, page);
    await page.getByRole("button", { name: "Send Payment Request" }).click();
    await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
    await expect(page.getByText(/saved on this device/)).toHaveCount(0);
    expect(await storedItem(page, "form-queue")).toBeNull();
    await context.setOffline(false);
    await open(page, "/mpaisa-payment");
    await expect(page.getByLabel(/^Full Name/)).toHaveValue("Litia Naivalu");
    await expect(page.getByLabel(/^Amount \(FJD\)/)).toHaveValue("40.00");
    // Nothing went out once the connection was back, on that page or the next.
    expect(requests).toHaveLength(1);
    expect(await storedItem(page, "form-queue")).toBeNull();
  });
});

test.describe("sending without a connection", () => {
  test("a message sent offline is kept, and sent once with the same key when the connection returns", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await open(page, "/");
    await jumpTo(page, "contact");
    const posts = postsTo(page, "/api/contacts");
    const section = await fillContact(page, tag);

    await goOffline(context, page);
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(page.getByText("Failed to send message. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByText(SAVED, { exact: true })).toBeVisible();
    // The values stay for the person, and the attempt waits on this device with its key.
    await expect(section.getByLabel(/^Last Name/)).toHaveValue(tag);
    const queued = JSON.parse((await storedItem(page, "form-queue")) ?? "[]") as { key: string }[];
    expect(queued).toHaveLength(1);
    const key = posts[0]?.headers()["idempotency-key"];
    expect(queued[0]?.key).toBe(key);

    await context.setOffline(false);
    await expect(page.getByText("Your saved message was sent.", { exact: true })).toBeVisible();
    await expect(section.getByLabel(/^Last Name/)).toHaveValue("");
    expect(await storedItem(page, "form-queue")).toBeNull();
    expect(await storedItem(page, "form-draft:contact")).toBeNull();
    expect(posts.map((post) => post.headers()["idempotency-key"])).toEqual([key, key]);
    expect((await storedMessages(request, baseURL ?? "", tag)).map((row) => row.lastName)).toEqual([tag]);
  });

  test("an answer lost on the way is sent again on the next page load with the same key, and stored once", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await open(page, "/");
    await jumpTo(page, "contact");
    const section = await fillContact(page, tag);
    // The request reaches the server, which stores the message, but its answer never reaches the page.
    const keys: string[] = [];
    await page.route("**/api/contacts", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Failed to send message. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByText(SAVED, { exact: true })).toBeVisible();
    expect(await storedMessages(request, baseURL ?? "", tag)).toHaveLength(1);

    await page.unroute("**/api/contacts");
    const resent = page.waitForResponse((res) => res.url().endsWith("/api/contacts"));
    await open(page, "/");
    const answer = await resent;
    // The server recognises the key and answers as the first time, without storing it again.
    expect(answer.request().headers()["idempotency-key"]).toBe(keys[0]);
    expect(answer.status()).toBe(201);
    expect(answer.headers()["idempotent-replayed"]).toBe("true");
    await expect(page.getByText("Your saved message was sent.", { exact: true })).toBeVisible();
    await expect(section.getByLabel(/^Last Name/)).toHaveValue("");
    expect(keys).toHaveLength(1);
    expect(await storedMessages(request, baseURL ?? "", tag)).toHaveLength(1);
  });

  test("a message sent offline goes out when any page of the site next loads online", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await open(page, "/");
    await jumpTo(page, "contact");
    const section = await fillContact(page, tag);
    await goOffline(context, page);
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SAVED, { exact: true })).toBeVisible();
    // The tab is closed while offline; the next visit, online, is to another page.
    await page.close();
    await context.setOffline(false);

    const next = await context.newPage();
    const resent = next.waitForResponse((res) => res.url().endsWith("/api/contacts"));
    await open(next, "/verify");
    expect((await resent).status()).toBe(201);
    await expect(next.getByText("Your saved message was sent.", { exact: true })).toBeVisible();
    expect(await storedItem(next, "form-queue")).toBeNull();
    expect(await storedItem(next, "form-draft:contact")).toBeNull();
    expect(await storedMessages(request, baseURL ?? "", tag)).toHaveLength(1);
  });

  test("an enrollment sent offline is sent when the connection returns", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await open(page, "/enroll/basic");
    const posts = postsTo(page, "/api/enrollment/basic");
    await page.getByLabel(/^First Name/).fill("Viliame");
    await page.getByLabel(/^Last Name/).fill(tag);
    await page.getByLabel(/^Email Address/).fill(`viliame.${tag}@example.com`);
    await page.getByLabel(/^Phone Number/).fill("+679 999 1234");
    await page.getByLabel(/^Highest Education/).selectOption("high-school");
    await page.getByRole("checkbox", { name: "I have previous drone flying experience" }).check();
    await page.getByLabel(/^Drone Experience Details/).fill("Two years of hobby flying.");

    // The draft, the box that shows a field included, comes back after a reload.
    await expect.poll(() => storedItem(page, "form-draft:enroll-basic")).toContain("hobby flying");
    await open(page, "/enroll/basic");
    await expect(page.getByLabel(/^Last Name/)).toHaveValue(tag);
    await expect(
      page.getByRole("checkbox", { name: "I have previous drone flying experience" }),
    ).toBeChecked();
    await expect(page.getByLabel(/^Drone Experience Details/)).toHaveValue("Two years of hobby flying.");

    await goOffline(context, page);
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page.getByText("Submission Failed", { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        "There was an error submitting your enrollment. Please try again or contact us directly.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Your enrollment is saved on this device and will be sent when the connection returns.",
        { exact: true },
      ),
    ).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText("Your saved enrollment was sent.", { exact: true })).toBeVisible();
    await expect(page.getByLabel(/^Last Name/)).toHaveValue("");
    const keys = posts.map((post) => post.headers()["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    const login = await request.post("/api/admin/login", { headers: { Origin: baseURL ?? "" }, data: STAFF });
    expect(login.status()).toBe(200);
    const list = await request.get(`/api/enrollments/summary?q=${tag}`);
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  test("a review sent offline is kept and sent when the connection returns", async ({
    page,
    context,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await open(page, "/");
    await jumpTo(page, "client-reviews");
    const section = page.locator("section#client-reviews");
    const posts = postsTo(page, "/api/reviews");
    await section.getByLabel(/^Name/).fill(`Sakiusa ${tag}`);
    await section
      .getByRole("group", { name: /Rating/ })
      .locator("label")
      .filter({ hasText: "5 stars" })
      .click();
    await section.getByLabel(/Your Review/).fill("Patient instructors and plenty of flying time.");
    await expect.poll(() => storedItem(page, "form-draft:review")).toContain("Patient instructors");

    await goOffline(context, page);
    await section.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Thank you for your review!", { exact: true })).toBeVisible();
    // After its one retry, the review is kept on the device, and the person told so.
    await expect(
      page.getByText("Your review is saved on this device and will be sent when the connection returns.", {
        exact: true,
      }),
    ).toBeVisible();
    expect(await storedItem(page, "form-draft:review")).toBeNull();

    const answered = page.waitForResponse((res) => res.url().endsWith("/api/reviews"));
    await context.setOffline(false);
    expect((await answered).status()).toBe(201);
    await expect(page.getByText("Your saved review was sent.", { exact: true })).toBeVisible();
    expect(new Set(posts.map((post) => post.headers()["idempotency-key"])).size).toBe(1);
    expect(posts.length).toBeGreaterThanOrEqual(2);
  });
});
