// Paying a course fee in the browser, against the payments server of playwright.config.ts (its Stripe is the local
// fake): staff offer a place, the offer e-mail's pay link opens /course-payment, the payer chooses the full fee and the
// card; the fake takes the card (Stripe.js cannot load offline) and delivers Stripe's signed webhook, so the page's
// "confirmed" comes from the real webhook handling. A link with a wrong token is told so.
import type { Page } from "@playwright/test";
import { addDays, formatCalendarDate } from "../../shared/calendar-dates";
import { axeViolations, expect, open, test } from "./fixtures";
import { createEnrollment, createIntake, daysFromToday, uniqueTag } from "./staff-helpers";
import { bodyText, mailsTo } from "./subscriber";

// The outbox helpers read E2E_DATA_DIR: here it must be this server's (as payments-card.spec.ts does).
test.beforeAll(() => {
  process.env.E2E_DATA_DIR = process.env.E2E_PAYMENTS_DATA_DIR;
});

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.88" } });

const FAKE_STRIPE = `http://127.0.0.1:${process.env.E2E_FAKE_STRIPE_PORT ?? 5188}`;

/** The pay link of the offer e-mail to `email`, once the outbox has sent it. */
async function payLinkFor(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const texts = (await mailsTo(email)).map(bodyText);
        link =
          texts
            .map((text) => /https?:\/\/\S+(\/course-payment\?place=\d+&token=[\w-]+)/.exec(text)?.[1])
            .find(Boolean) ?? "";
        return link !== "";
      },
      { message: `the offer e-mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return link;
}

/** Staff create an intake with a deposit, the applicant applies for it and staff accept: an offer e-mailed to `email`. */
async function offerPlace(
  page: Page,
  baseURL: string,
  email: string,
  location: string,
  startDate?: string,
): Promise<void> {
  const request = page.context().request;
  const intakeId = await createIntake(request, baseURL, {
    courseType: "basic",
    location,
    depositCents: 10000,
    ...(startDate ? { startDate } : {}),
  });
  const applicant = { lastName: "Tuilagi", email, intakeId };
  await createEnrollment(request, baseURL, "basic", applicant);
  const places = await request.get(`/api/admin/intakes/${intakeId}/places`);
  const place = ((await places.json()) as { id: number; email: string }[]).find((p) => p.email === email);
  expect(place, "the applicant's place").toBeDefined();
  const accepted = await request.post(`/api/admin/places/${place?.id}/accept`, {
    headers: { Origin: baseURL },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.context().clearCookies();
}

test.describe("paying by card", () => {
  // Stripe.js cannot be fetched on this offline machine: the page says so, and the fake takes the card instead.
  test.use({ allowedConsoleErrors: [/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/] });

  test("an applicant pays the full fee by card from the offer's pay link and sees the place confirmed", async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const email = `${tag}@example.com`;
    await offerPlace(page, baseURL ?? "", email, `Lautoka ${tag}`);
    await open(page, await payLinkFor(email));
    await expect(page.getByRole("heading", { name: "Pay your course fee", level: 1 })).toBeVisible();
    const summary = page.getByRole("region", { name: "Your place" });
    await expect(summary).toContainText("Basic RPAS Pilot course");
    await expect(summary).toContainText(`Lautoka ${tag}`);
    await expect(summary).toContainText("Offered to you: pay to confirm it");
    await expect(summary).toContainText("Pay by");
    await expect(summary).toContainText("Balance due by");

    const violations = await axeViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);

    const pay = page.getByRole("region", { name: "Pay" });
    // The deposit is offered next to the full fee, with what it costs.
    await expect(pay.getByLabel("Deposit: FJD 100.00")).toBeVisible();
    await pay.getByLabel(/^Full fee/).check();
    await pay.getByText("Card", { exact: true }).click();
    const started = page.waitForResponse(
      (res) => /\/api\/training\/places\/\d+\/payment$/.test(res.url()) && res.request().method() === "POST",
    );
    await pay.getByRole("button", { name: "Pay FJD 300.00 by card" }).click();
    const answer = (await (await started).json()) as { reference: string; amountCents: number };
    expect(answer.amountCents).toBe(30000);

    // The payer's card goes through at Stripe, which tells our webhook.
    const paid = await page.request.post(`${FAKE_STRIPE}/__test/payment-intents/${answer.reference}/succeed`);
    expect(((await paid.json()) as { delivered: number }).delivered).toBe(200);

    await expect(page.getByText("Payment received: your place is confirmed.", { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    await expect(summary).toContainText("Confirmed");
    await expect(page.getByText("Your place is confirmed and fully paid.", { exact: false })).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(email)).some((m) => m.includes("Receipt: Basic RPAS Pilot course")))
      .toBe(true);
  });
});

test("an applicant pays the deposit with the sandbox M-PAiSA wallet and comes back to a confirmed place", async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  await offerPlace(page, baseURL ?? "", email, `Nadi ${tag}`);
  await open(page, await payLinkFor(email));
  const pay = page.getByRole("region", { name: "Pay" });
  await pay.getByLabel("Deposit: FJD 100.00").check();
  await pay.getByText("M-PAiSA", { exact: true }).click();
  await pay.getByRole("button", { name: "Pay FJD 100.00 with M-PAiSA" }).click();

  // The sandbox's payment page stands in for M-PAiSA's; approving sends the payer back through our return route.
  await expect(page.getByRole("heading", { name: "M-PAiSA sandbox payment page" })).toBeVisible();
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/course-payment\?place=\d+&token=[\w-]+&reference=CFP-[A-Z2-7]{10}$/);
  await expect(page.getByText("Payment received: your place is confirmed.", { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  const summary = page.getByRole("region", { name: "Your place" });
  await expect(summary).toContainText("Confirmed");
  await expect(summary).toContainText("FJD 200.00");
  await expect(summary).toContainText("Balance due by");
  // The balance is what is left to pay.
  await expect(page.getByRole("button", { name: "Pay FJD 200.00 by card" })).toBeVisible();
});

test("before paying, a late payer reads the refund rule in the intake's own dates", async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  // Ten days away: the full-refund day (14 days before) is already gone, the half-refund one (7 days before) is not.
  const start = daysFromToday(10);
  await offerPlace(page, baseURL ?? "", email, `Nadi ${tag}`, start);
  await open(page, await payLinkFor(email));
  // Shown on the page before anything is paid, under the place's summary.
  const rule = page.getByRole("region", { name: "If you cancel" });
  await expect(rule).toContainText(
    `The last day for a full refund was ${formatCalendarDate(addDays(start, -14))}: cancelling by ${formatCalendarDate(addDays(start, -7))} refunds 50% of what you paid, and there is no refund after that. If we cancel the course, you get everything back.`,
  );
  await expect(page.getByRole("region", { name: "Your place" })).toContainText("Paid");
});

test.describe("a bad pay link", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("a pay link with a wrong token says it is not valid", async ({ page }) => {
    await open(page, "/course-payment?place=1&token=not-the-token");
    await expect(page.getByRole("alert")).toContainText("This payment link is not valid.");
  });
});
