// The texts' opt-out page in the browser (issue 34), as a person reaches it: they apply with "Text me about my
// application" ticked, the code text arrives (read here from the text file the server wrote, as their phone shows
// it), and its last line "Stop texts: <link>" opens /texts/stop through the short link. The page shows the number
// (masked) and one button; pressed, texts to the number stop (a new application with the box ticked gets no code);
// "Start them again" brings them back (the next one does). Without JavaScript the buttons are plain form posts.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { MIN_FILL_TIME_MS } from "../../shared/anti-spam";
import { START_BUTTON, STOP_BUTTON, stoppedLine } from "../../shared/text-stop";
import { maskNumber, TEXT_CONSENT_LABEL, TEXT_NUMBER_STOPPED_MESSAGE } from "../../shared/texts";
import { expect, expectAxeClean, open, test, waitForHydration } from "./fixtures";
import { submitPublicForm, uniqueTag } from "./staff-helpers";

/** A Fiji mobile number of its own for each run, so the per-number daily cap never meets an earlier run's texts. */
function freshMobile(): { typed: string; e164: string } {
  const digits = `7${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  return { typed: `${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+679${digits}` };
}

/** The texts written to `e164` under the server's DATA_DIR/sms, oldest first. */
async function textsTo(e164: string): Promise<string[]> {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "sms");
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")));
  return texts.filter((text) => text.split("\n")[0] === `To: ${e164}`);
}

/** The path of the "Stop texts:" link in the code text to `e164`, once the outbox has sent it. */
async function stopLinkTextedTo(e164: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const code = (await textsTo(e164)).find((text) => /^\d{6} is your .+ code/m.test(text)) ?? "";
        link = /\nStop texts: (\S+)$/.exec(code.trimEnd())?.[1] ?? "";
        return link;
      },
      { message: `the code text to ${e164}, ending with its stop link`, timeout: 10_000 },
    )
    .not.toBe("");
  // The link is on the server's PUBLIC_URL; the test opens its path on its own baseURL (the same server).
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/t\/\w+$/);
  return `${url.pathname}${url.search}`;
}

/** Fills the basic course's form, ticks "Text me" and sends it, as a person does. */
async function applyWithTexts(page: Page, first: string, tag: string, mobile: { typed: string }) {
  await open(page, "/enroll/basic");
  const openedAt = Date.now();
  await page.getByLabel(/^First Name/).fill(first);
  await page.getByLabel(/^Last Name/).fill(tag);
  await page.getByLabel(/^Email Address/).fill(`${first.toLowerCase()}.${tag}@example.com`);
  await page.getByLabel(/^Phone Number/).fill(mobile.typed);
  await page.getByLabel(/^Highest Education/).selectOption("high-school");
  await page.getByRole("checkbox", { name: TEXT_CONSENT_LABEL, exact: true }).check();
  await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
}

test("the stop link of the code text opens the page; its button stops texts to the number, and starts them again", async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const mobile = freshMobile();
  const masked = maskNumber(mobile.e164);
  await applyWithTexts(page, "Losana", tag, mobile);
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toBeVisible();
  const link = await stopLinkTextedTo(mobile.e164);

  // The short link leads to the page with the stop link's code; opening it only asks.
  await page.goto(link);
  await waitForHydration(page);
  expect(new URL(page.url()).pathname).toBe("/texts/stop");
  await expect(page.getByRole("heading", { level: 1, name: "Stop Text Messages" })).toBeVisible();
  const asking = page.getByRole("heading", { name: `Stop texts to ${masked}?`, exact: true });
  await expect(asking).toBeVisible();
  // The whole number is never on the page.
  await expect(page.locator("body")).not.toContainText(mobile.e164.slice(4));
  const stop = page.getByRole("button", { name: STOP_BUTTON, exact: true });
  await expect(stop).toBeVisible();
  await expectAxeClean(page, "the stop page, asking");
  await page.reload();
  await waitForHydration(page);
  await expect(asking).toBeVisible();

  await stop.click();
  const stopped = page.getByRole("heading", { name: stoppedLine(masked), exact: true });
  await expect(stopped).toBeVisible();
  await expect(stop).toHaveCount(0);
  const start = page.getByRole("button", { name: START_BUTTON, exact: true });
  await expect(start).toBeVisible();
  await expectAxeClean(page, "the stop page, stopped");
  // The post came back to the page itself, so a reload asks nothing again and still says stopped.
  expect(new URL(page.url()).pathname).toBe("/texts/stop");
  await page.reload();
  await expect(stopped).toBeVisible();

  // Stopped: a new application from the number with the box ticked is told so, and no code is texted.
  const textsBefore = (await textsTo(mobile.e164)).length;
  await applyWithTexts(page, "Vika", tag, mobile);
  await expect(page.getByRole("status").filter({ hasText: TEXT_NUMBER_STOPPED_MESSAGE })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toHaveCount(0);

  // Started again from the same link: the page asks again, and the next application's code is texted.
  await page.goto(link);
  await waitForHydration(page);
  await expect(stopped).toBeVisible();
  await start.click();
  await expect(asking).toBeVisible();
  await expect(stop).toBeVisible();
  expect(await textsTo(mobile.e164)).toHaveLength(textsBefore);
  await applyWithTexts(page, "Mili", tag, mobile);
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toBeVisible();
  await expect(page.getByText(`We texted a code to ${masked}.`)).toBeVisible();
  await expect
    .poll(async () => (await textsTo(mobile.e164)).length, { message: "a new code text", timeout: 10_000 })
    .toBe(textsBefore + 1);
});

test("without JavaScript, the buttons are plain form posts", async ({ browser, page, baseURL }, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const mobile = freshMobile();
  const masked = maskNumber(mobile.e164);
  const applied = await submitPublicForm(page.request, origin, "/api/enrollment/basic", {
    firstName: "Tevita",
    lastName: tag,
    email: `tevita.${tag}@example.com`,
    phone: mobile.typed,
    highestEducation: "bachelor",
    hasDroneExperience: false,
    textMe: true,
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const link = await stopLinkTextedTo(mobile.e164);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
  try {
    const plain = await context.newPage();
    await plain.goto(link);
    await expect(plain.getByRole("heading", { name: `Stop texts to ${masked}?`, exact: true })).toBeVisible();
    await plain.getByRole("button", { name: STOP_BUTTON, exact: true }).click();
    await expect(plain.getByRole("heading", { name: stoppedLine(masked), exact: true })).toBeVisible();
    expect(new URL(plain.url()).pathname).toBe("/texts/stop");
    // The server holds it: the stop link's JSON says so too.
    const token = new URL(plain.url()).searchParams.get("token") ?? "";
    const state = await page.request.get(`/api/texts/stop?token=${encodeURIComponent(token)}`);
    expect(await state.json()).toEqual({ number: masked, stopped: true });

    await plain.getByRole("button", { name: START_BUTTON, exact: true }).click();
    await expect(plain.getByRole("heading", { name: `Stop texts to ${masked}?`, exact: true })).toBeVisible();
    const again = await page.request.get(`/api/texts/stop?token=${encodeURIComponent(token)}`);
    expect(await again.json()).toEqual({ number: masked, stopped: false });
  } finally {
    await context.close();
  }
});
