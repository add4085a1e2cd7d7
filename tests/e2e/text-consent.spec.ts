// "Text me about my application" on an enrollment form (issue 34): unticked at first, with its wording and the
// SMS-only note; ticked and sent, the page asks for the code texted to the number, and the code from the text (read
// here from the text file the server wrote, as the person reads their phone) confirms it. The tick is never kept in
// the device's draft: a reload puts the answers back, not the consent.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { PROBLEM_NOT_MOBILE } from "../../server/sms/phone-numbers";
import { MIN_FILL_TIME_MS } from "../../shared/anti-spam";
import { TEXT_NUMBER_CONFIRMED_MESSAGE } from "../../shared/text-number";
import { TEXT_CONSENT_LABEL, WHATSAPP_FALLBACK_NOTE } from "../../shared/texts";
import type { StaffPlace } from "../../shared/training";
import { latestMailTo } from "../helpers/outbox-mail";
import { expect, open, test } from "./fixtures";
import { createIntake, uniqueTag } from "./staff-helpers";

// The wrong code's 400 is the answer the test asks for.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

/** A Fiji mobile number of its own for each run, so the per-number daily cap never meets an earlier run's texts. */
function freshMobile(): { typed: string; e164: string } {
  const digits = `7${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  return { typed: `${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+679${digits}` };
}

/** The texts written to `to` under the server's DATA_DIR/sms, oldest first. */
function textsTo(to: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "sms");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const texts = names.map((name) => readFileSync(join(dir, name), "utf8"));
  return texts.filter((text) => text.startsWith(`To: ${to}\n`));
}

/** The code in the latest code text to `to`. */
const codeTextedTo = (to: string) =>
  /(\d{6}) is your .* code/.exec(
    textsTo(to)
      .filter((text) => / code /.test(text))
      .at(-1) ?? "",
  )?.[1] ?? null;

/** Ticks "Text me", sends the application and types the texted code back. */
async function applyAndConfirm(
  page: Page,
  first: string,
  tag: string,
  mobile: { typed: string; e164: string },
) {
  const openedAt = Date.now();
  await fillBasic(page, first, tag, mobile.typed);
  await page.getByRole("checkbox", { name: TEXT_CONSENT_LABEL, exact: true }).check();
  await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toBeVisible();
  let texted: string | null = null;
  await expect.poll(() => (texted = codeTextedTo(mobile.e164)), { timeout: 10_000 }).not.toBeNull();
  await page.getByLabel("Code from the text").fill(texted ?? "");
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: TEXT_NUMBER_CONFIRMED_MESSAGE })).toBeVisible();
}

async function fillBasic(page: Page, first: string, tag: string, phone: string) {
  await page.getByLabel(/^First Name/).fill(first);
  await page.getByLabel(/^Last Name/).fill(tag);
  await page.getByLabel(/^Email Address/).fill(`${first.toLowerCase()}.${tag}@example.com`);
  await page.getByLabel(/^Phone Number/).fill(phone);
  await page.getByLabel(/^Highest Education/).selectOption("high-school");
}

test("the box is unticked; ticked, the code texted to the number confirms it", async ({ page }, testInfo) => {
  const tag = uniqueTag(testInfo);
  const mobile = freshMobile();
  await open(page, "/enroll/basic");
  const box = page.getByRole("checkbox", { name: TEXT_CONSENT_LABEL, exact: true });
  await expect(box).not.toBeChecked();
  await expect(page.getByText(/will text the number above about this application only/)).toBeVisible();
  await expect(page.getByText(WHATSAPP_FALLBACK_NOTE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Privacy note" })).toHaveAttribute("href", "/#privacy");

  const openedAt = Date.now();
  await fillBasic(page, "Mere", tag, mobile.typed);
  await box.check();
  await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toBeVisible();
  const masked = `+679 ${mobile.e164.slice(4, 6)}•••${mobile.e164.slice(-2)}`;
  await expect(page.getByText(`We texted a code to ${masked}.`)).toBeVisible();
  // The form is ready for the next person: the box unticked again.
  await expect(box).not.toBeChecked();

  const code = page.getByLabel("Code from the text");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  // A wrong code says so.
  let texted: string | null = null;
  await expect.poll(() => (texted = codeTextedTo(mobile.e164)), { timeout: 10_000 }).not.toBeNull();
  await code.fill(texted === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("That code is not right. Check the text and try again.")).toBeVisible();
  await code.fill(texted ?? "");
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: TEXT_NUMBER_CONFIRMED_MESSAGE })).toBeVisible();
});

test("a reload puts the draft's answers back but never the tick", async ({ page }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await open(page, "/enroll/basic");
  const box = page.getByRole("checkbox", { name: TEXT_CONSENT_LABEL, exact: true });
  await fillBasic(page, "Litia", tag, freshMobile().typed);
  await box.check();
  await expect(box).toBeChecked();
  // The draft is saved as the person types; the tick is not part of it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("form-draft:enroll-basic") ?? ""))
    .toContain("Litia");
  expect(await page.evaluate(() => localStorage.getItem("form-draft:enroll-basic"))).not.toContain("textMe");
  await page.reload();
  await open(page, "/enroll/basic");
  await expect(page.getByLabel(/^First Name/)).toHaveValue("Litia");
  await expect(page.getByRole("checkbox", { name: TEXT_CONSENT_LABEL, exact: true })).not.toBeChecked();
});

test("the seat-held text follows the confirmed number; its confirm page records the hold as confirmed by phone", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const mobile = freshMobile();
  const id = await createIntake(request, String(baseURL), {
    courseType: "basic",
    location: `Labasa ${tag}`,
    seats: 2,
  });
  await open(page, `/enroll/basic?intake=${id}`);
  await applyAndConfirm(page, "Ana", tag, mobile);
  await expect(page.getByRole("status").filter({ hasText: "A seat is held for you" })).toBeVisible();

  // The held text, as the phone shows it: the course, the deadline and the link to confirm by phone.
  let held = "";
  await expect
    .poll(() => (held = textsTo(mobile.e164).find((text) => text.includes("Confirm by phone")) ?? ""))
    .not.toBe("");
  expect(held).toMatch(/Bula Ana, your seat on the Basic RPAS Pilot course starting .+ is held\./);
  expect(held).toMatch(/to keep it: http:\/\/127\.0\.0\.1:\d+\/t\/\w{10}\nStop texts: /);

  // Its link leads to the application's confirm page marked as coming from a text (/t/ is served by its own route;
  // the page is opened here with the application's own token, from its e-mail).
  let mail = "";
  await expect
    .poll(() => (mail = latestMailTo(process.env.E2E_DATA_DIR ?? "", `ana.${tag}@example.com`) ?? ""))
    .not.toBe("");
  const token = /\/my-training\/confirm\?token=([\w.-]+)/.exec(mail)?.[1] ?? "";
  await open(page, `/my-training/confirm?token=${token}&via=text`);
  await expect(page.getByRole("heading", { name: "Keep your held seat" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my seat" }).click();
  await expect(page.getByText("Thank you: your held seat is confirmed.")).toBeVisible();
  const places = (await (await request.get(`/api/admin/intakes/${id}/places`)).json()) as StaffPlace[];
  expect(places.find((place) => place.email === `ana.${tag}@example.com`)).toMatchObject({
    state: "held",
    addressConfirmedVia: "text",
  });
});

test("a landline with the box ticked is refused beside the phone field; unticked, it is accepted", async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await open(page, "/enroll/basic");
  const openedAt = Date.now();
  await fillBasic(page, "Sera", tag, "331 2345");
  const box = page.getByRole("checkbox", { name: TEXT_CONSENT_LABEL, exact: true });
  await box.check();
  await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  const phone = page.getByLabel(/^Phone Number/);
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(PROBLEM_NOT_MOBILE);
  await expect(phone).toBeFocused();
  await box.uncheck();
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toHaveCount(0);
});
