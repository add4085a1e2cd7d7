// The public certificate check (issue 15, point 3) in Chromium: with JavaScript off, the plain form finds a
// certificate by number and surname and a wrong surname answers 404; with JavaScript, /verify/<code> and a search
// hydrate without an error and keep the server's answer; the form, a valid answer and "not found" pass axe.
// The certificate is issued the way staff issue it: attendance, then a pass (PUT /api/admin/places/:id/result).
import type { APIRequestContext, TestInfo } from "@playwright/test";
import { passTrainee, startedIntakeWithTrainee } from "./certificate-helpers";
import { type AppOwns, expect, expectAxeClean, open, test } from "./fixtures";

// This file's requests count as one client of their own (public POSTs are limited per address).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.72" } });

const HOLDER = { firstName: "Ana", lastName: "Vakaloloma" };

/** A valid certificate issued to HOLDER in an intake of the test's own; answers it as staff see it. */
async function issueCertificate(request: APIRequestContext, origin: string, testInfo: TestInfo) {
  const { seatId, today } = await startedIntakeWithTrainee(request, origin, testInfo, HOLDER);
  return passTrainee(request, origin, { seatId, today });
}

test.describe("without JavaScript", () => {
  // Chromium itself logs the 404 status of the wrong surname's page as a console error.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 404/] });

  test("the form finds a certificate by number and surname, and a wrong surname is a 404", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const certificate = await issueCertificate(request, baseURL ?? "", testInfo);
    await page.goto("/verify");
    await page.getByLabel("Certificate number").fill(certificate.number.toLowerCase());
    await page.getByLabel("Holder's surname").fill(HOLDER.lastName.toUpperCase());
    const [found] = await Promise.all([
      page.waitForResponse((response) => response.url().includes("/verify?")),
      page.getByRole("button", { name: "Verify certificate" }).click(),
    ]);
    expect(found.status()).toBe(200);
    const valid = page.getByRole("region", { name: "Valid certificate" });
    await expect(valid).toContainText(`${HOLDER.firstName} ${HOLDER.lastName}`);
    await expect(valid).toContainText(certificate.number);
    await expect(valid).toContainText("CAAF Basic RPAS Pilot Certificate");
    await expect(valid).toContainText("Does not expire");
    await expect(valid).not.toContainText(certificate.email);

    await page.getByLabel("Certificate number").fill(certificate.number);
    await page.getByLabel("Holder's surname").fill("Smith");
    const [missing] = await Promise.all([
      page.waitForResponse((response) => response.url().includes("/verify?")),
      page.getByRole("button", { name: "Verify certificate" }).click(),
    ]);
    expect(missing.status()).toBe(404);
    await expect(page.getByRole("region", { name: "No certificate found" })).toBeVisible();
    await expect(page.getByText(certificate.number)).toHaveCount(0);
  });

  test("the QR address shows the certificate", async ({ page, request, baseURL }, testInfo) => {
    const certificate = await issueCertificate(request, baseURL ?? "", testInfo);
    const response = await page.goto(new URL(certificate.verifyUrl).pathname);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("region", { name: "Valid certificate" })).toContainText(certificate.number);
  });
});

test.describe("with JavaScript", () => {
  test("/verify/<code> hydrates and keeps the answer; the form and the answer pass axe", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    await open(page, "/verify");
    await expect(
      page.getByRole("heading", { level: 1, name: "Verify a Training Certificate" }),
    ).toBeVisible();
    await expectAxeClean(page, "the verification form");

    const certificate = await issueCertificate(request, baseURL ?? "", testInfo);
    await open(page, new URL(certificate.verifyUrl).pathname);
    const valid = page.getByRole("region", { name: "Valid certificate" });
    await expect(valid).toContainText(certificate.number);
    // The app adopted the server's answer: it is inside the hydrated slot, and still there.
    const adopted = await page.evaluate(() =>
      (window as unknown as AppOwns).appOwns(document.getElementById("verify-answer")),
    );
    expect(adopted).toBe(true);
    await expect(valid).toBeVisible();
    await expectAxeClean(page, "a valid certificate");

    // A search from the form: a full page load, the form showing what was searched for.
    await page.getByLabel("Certificate number").fill(certificate.number);
    await page.getByLabel("Holder's surname").fill(HOLDER.lastName);
    await page.getByRole("button", { name: "Verify certificate" }).click();
    await page.waitForURL(/\/verify\?number=/);
    await expect(page.getByRole("region", { name: "Valid certificate" })).toContainText(certificate.number);
    await expect(page.getByLabel("Certificate number")).toHaveValue(certificate.number);
    await expect(page.getByLabel("Holder's surname")).toHaveValue(HOLDER.lastName);
  });

  test.describe("not found", () => {
    // Chromium itself logs the 404 status of the document as a console error.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("an unknown code answers 404 with a clear page that passes axe", async ({ page }) => {
      const response = await open(page, "/verify/AAAAAAAAAAAAAAAAAAAAAA");
      expect(response?.status()).toBe(404);
      const missing = page.getByRole("region", { name: "No certificate found" });
      await expect(missing).toContainText("No certificate matches these details.");
      await expect(page.getByRole("button", { name: "Verify certificate" })).toBeVisible();
      await expectAxeClean(page, "the not-found answer");
    });
  });
});
