// Issue 30, points 3 and 6: forms used before the page's scripts have arrived. Every script response is held back
// (tests/e2e/early-scripts.ts) while the test types and submits on the painted page, then let in, in shuffled order.
// What was typed is what the form holds and sends, the next keystroke keeps the other fields, and each submission
// is stored exactly once.
import { MIN_FILL_TIME_MS } from "../../shared/anti-spam";
import { holdScripts } from "./early-scripts";
import { expect, test } from "./fixtures";
import { fillContact, postsTo, storedMessages } from "./offline-helpers";
import { STAFF, signInStaff, withStaffCode } from "./staff-factors";
import { uniqueTag } from "./staff-helpers";

const pastSpamMinimum = () => new Promise((resolve) => setTimeout(resolve, MIN_FILL_TIME_MS + 300));

for (const seed of [1, 2]) {
  test(`contact: typed before any script, kept through hydration, edited and sent once (release order ${seed})`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const posts = postsTo(page, "/api/contacts");
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const section = await fillContact(page, tag);
    expect(scripts.count(), "the page's scripts were still held").toBeGreaterThan(0);

    await scripts.release(seed);
    await expect(page.locator("#contact-form")).toHaveAttribute("data-hydrated", "");
    // The message field kept the focus and its caret (at the end of what was typed): the next keystrokes, typed
    // without clicking anywhere, go on from there and leave the other fields as they were.
    const message = section.getByLabel(/^Message/);
    await expect(message).toBeFocused();
    await page.keyboard.type(" Thanks!");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("Litia");
    await expect(section.getByLabel(/^Last Name/)).toHaveValue(tag);
    await expect(section.getByLabel(/^Service Interest/)).toHaveValue("Training Programs");
    await pastSpamMinimum();
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Success", { exact: true })).toBeVisible();
    await expect(section.getByLabel(/^Message/)).toHaveValue("");

    expect(posts).toHaveLength(1);
    const stored = await storedMessages(request, String(baseURL), tag);
    expect(stored).toEqual([
      expect.objectContaining({
        firstName: "Litia",
        lastName: tag,
        email: `litia.${tag}@example.com`,
        message: `Four extension officers next quarter, ${tag}. Thanks!`,
      }),
    ]);
  });
}

// The review form works without script (ADR 048, 061): a submit before any script is the form's own post, sent
// once, answered by the page that thanks the writer; the script arriving later has nothing left to send.
test("review: typed and sent before any script, sent once as the form's own post", async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const scriptPosts = postsTo(page, "/api/reviews");
  const formPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/") formPosts.push(request.url());
  });
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const section = page.locator("section#client-reviews");
  await section.getByLabel(/^Name/).fill(`Mere ${tag}`);
  await section
    .getByRole("group", { name: /Rating/ })
    .locator("label")
    .filter({ hasText: "5 stars" })
    .click();
  await section.getByLabel(/Your Review/).fill(`Sent before the page was ready, ${tag}.`);
  await pastSpamMinimum();
  await section.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you for your review!", { exact: true })).toBeVisible();
  await scripts.release(5);
  expect(formPosts).toHaveLength(1);
  expect(scriptPosts).toHaveLength(0);
});

test("enrollment: typed before any script, then sent by the script with every answer", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const posts = postsTo(page, "/api/enrollment/basic");
  const scripts = await holdScripts(page);
  await page.goto("/enroll/basic", { waitUntil: "domcontentloaded" });
  await page.getByLabel(/^Last Name/).fill(tag);
  await page.getByLabel(/^Email Address/).fill(`sera.${tag}@example.com`);
  await page.getByLabel(/^Phone Number/).fill("+679 999 12345");
  await page.getByLabel(/^Highest Education/).selectOption("high-school");
  // The person is mid-word when the script arrives: the caret at the start of "era".
  await page.getByLabel(/^First Name/).fill("era");
  await page.getByLabel(/^First Name/).press("Home");

  await scripts.release(3);
  await expect(page.locator("#enrollment-application")).toHaveAttribute("data-hydrated", "");
  // react-hook-form wrote the values into the fields as they registered; the caret went back where it was.
  await expect(page.getByLabel(/^First Name/)).toBeFocused();
  await page.keyboard.type("S");
  await expect(page.getByLabel(/^First Name/)).toHaveValue("Sera");
  await expect(page.getByLabel(/^Phone Number/)).toHaveValue("+679 999 12345");
  await pastSpamMinimum();
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
  expect(posts).toHaveLength(1);

  await signInStaff(request, String(baseURL));
  const list = await request.get(`/api/enrollments?q=${tag}`);
  const stored = (await list.json()) as { firstName: string; email: string; phone: string }[];
  expect(stored).toEqual([
    expect.objectContaining({ firstName: "Sera", email: `sera.${tag}@example.com`, phone: "+679 999 12345" }),
  ]);
});

test("staff sign-in: submitted with Enter before any script, signed in once the script arrives", async ({
  page,
  request,
  baseURL,
}) => {
  await withStaffCode(request, String(baseURL), async (code) => {
    const posts = postsTo(page, "/api/admin/login");
    const scripts = await holdScripts(page);
    await page.goto("/admin", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Username", { exact: true }).fill(STAFF.username);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page.locator("#staff-sign-in-form")).toHaveAttribute("aria-busy", "true");
    expect(new URL(page.url()).pathname).toBe("/admin");

    await scripts.release(11);
    // The account is an owner's, with two-factor on: the code step follows the password.
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(posts).toHaveLength(1);
    // The password never went into an address.
    expect(page.url()).not.toContain(STAFF.password);
  });
});

test("subscribe: the details typed before any script go on to the payment page", async ({
  page,
}, testInfo) => {
  const email = `ana.${uniqueTag(testInfo)}@example.com`;
  const scripts = await holdScripts(page);
  await page.goto("/subscribe", { waitUntil: "domcontentloaded" });
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Full Name/).fill("Ana Vula");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);

  await scripts.release(4);
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);
});

test("a draft kept on the device fills only the fields left empty before the script arrived", async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      "form-draft:contact",
      JSON.stringify({
        values: { firstName: "Draft", lastName: "Kept", message: "From the draft." },
        elapsedMs: 5000,
        savedAt: Date.now(),
      }),
    );
  });
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const section = page.locator("section#contact");
  await section.getByLabel(/^First Name/).fill("Typed");
  await scripts.release(9);
  await expect(page.locator("#contact-form")).toHaveAttribute("data-hydrated", "");
  await expect(section.getByLabel(/^Message/)).toHaveValue("From the draft.");
  await expect(section.getByLabel(/^Last Name/)).toHaveValue("Kept");
  await expect(section.getByLabel(/^First Name/)).toHaveValue("Typed");
});

test("staff sign-in: the caret stays where it was when the form's script takes the typed values", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  const username = page.getByLabel("Username", { exact: true });
  await username.fill("taff");
  await username.press("Home");
  await scripts.release(6);
  // react-hook-form wrote the typed value back into the field as it registered, in the same commit.
  await expect(page.locator("#staff-sign-in-form")).toHaveAttribute("data-hydrated", "");
  await expect(username).toBeFocused();
  await page.keyboard.type("s");
  await expect(username).toHaveValue("staff");
});
