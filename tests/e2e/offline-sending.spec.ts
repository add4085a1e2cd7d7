// Contact, review and enrollment submissions that got no answer (docs/product.md, Forms that survive the
// connection; ADR 041): kept on this device and sent again once, with the same Idempotency-Key, when the connection
// returns or the next page of the site loads; the server stores each once.
import { expect, jumpTo, open, test } from "./fixtures";
import {
  fillContact,
  goOffline,
  OFFLINE_CONSOLE_ERRORS,
  postsTo,
  SAVED,
  storedItem,
  storedMessages,
} from "./offline-helpers";
import { signInStaff } from "./staff-factors";
import { uniqueTag } from "./staff-helpers";

test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

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

    await signInStaff(request, baseURL ?? "");
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
