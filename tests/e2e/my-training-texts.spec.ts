// Changing the text consent at /my-training in the browser (issue 34): a signed-in applicant ticks "Text me about my
// application", reads the code from the text (the text files under E2E_DATA_DIR/sms, as their phone would show
// it), confirms the number, sees texts on, unticks the box and finds it off after a reload. At a phone's width.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { TEXT_CONSENT_LABEL } from "../../shared/texts";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { submitPublicForm, uniqueTag } from "./staff-helpers";
import { mailsTo, readSignInMail } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.61" }, viewport: { width: 375, height: 800 } });

/** The texts written to `e164`, oldest first. */
async function textsTo(e164: string): Promise<string[]> {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "sms");
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")));
  return texts.filter((text) => text.split("\n")[0] === `To: ${e164}`);
}

/** The code of the newest text to `e164`, once the outbox has sent it. */
async function codeTextedTo(e164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = /^(\d{6}) is your .+ code/m.exec((await textsTo(e164)).at(-1) ?? "")?.[1];
        return Boolean(code);
      },
      { message: `the code texted to ${e164}`, timeout: 10_000 },
    )
    .toBe(true);
  return code ?? "";
}

test("an applicant turns texts on at /my-training, confirms the number with the texted code, and turns them off", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  // A mobile of this test's own: a number gets at most 3 texts a day.
  const digits = `7${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  const e164 = `+679${digits}`;
  const masked = `+679 ${digits.slice(0, 2)}•••${digits.slice(-2)}`;
  const applied = await submitPublicForm(page.request, origin, "/api/enrollment/basic", {
    firstName: "Seini",
    lastName: tag,
    email,
    phone: `${digits.slice(0, 3)} ${digits.slice(3)}`,
    highestEducation: "bachelor",
    hasDroneExperience: false,
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(1);
  const sent = await page.request.post("/api/login/email", { headers: { Origin: origin }, data: { email } });
  expect(sent.status(), await sent.text()).toBe(202);
  const { code: signInCode } = await readSignInMail(email, 2);
  const verified = await page.request.post("/api/login/email/verify", {
    headers: { Origin: origin },
    data: { email, code: signInCode },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  await open(page, "/my-training");
  const application = page.getByRole("article", { name: "Basic RPAS Pilot course" });
  const texts = application.getByRole("region", { name: "Text messages" });
  const box = texts.getByRole("checkbox", { name: TEXT_CONSENT_LABEL });
  await expect(box).not.toBeChecked();
  await expect(texts).toContainText("Texts are off");
  await expect(texts).toContainText("We can send these by SMS only for now.");
  await expect(texts.getByRole("link", { name: "Privacy note" })).toHaveAttribute("href", "/#privacy");
  await expectAxeClean(page, "the texts part, off");

  await box.check();
  await expect(page.getByText(`We texted a code to ${masked}.`).first()).toBeVisible();
  await expect(texts).toContainText("Waiting for the code");
  const field = texts.getByLabel(/Code from the text/);
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scrolling at 375 px").toBeLessThanOrEqual(0);
  await expectAxeClean(page, "the texts part, waiting for the code");

  await field.fill(await codeTextedTo(e164));
  await texts.getByRole("button", { name: "Confirm" }).click();
  await expect(texts).toContainText(`Texts are on for ${masked}.`);
  await expect(box).toBeChecked();
  await expect(texts.getByLabel(/Code from the text/)).toHaveCount(0);

  await box.uncheck();
  await expect(texts).toContainText("Texts are off");
  await page.reload();
  const reloaded = page
    .getByRole("article", { name: "Basic RPAS Pilot course" })
    .getByRole("region", { name: "Text messages" });
  await expect(reloaded.getByRole("checkbox", { name: TEXT_CONSENT_LABEL })).not.toBeChecked();
  await expect(reloaded).toContainText("Texts are off");
});
