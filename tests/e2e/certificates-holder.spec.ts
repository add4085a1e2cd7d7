// A certificate's holder at /my-training: signed in with the e-mailed code, they see the certificate a pass issued
// (no portal subscription needed), download its PDF, follow its verification address, and hide it from the search
// by number and surname while its QR link keeps working.
import { readFile } from "node:fs/promises";
import type { Certificate } from "../../shared/certificates";
import { passTrainee, startedIntakeWithTrainee } from "./certificate-helpers";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { expectToast } from "./payment-helpers";
import { bodyText, mailsTo } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.61" } });

/** The code of the sign-in e-mail to `email` (its other e-mails, the certificate's among them, are not it). */
async function signInCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = (await mailsTo(email))
          .map(bodyText)
          .filter((text) => text.includes("/sign-in/confirm?token="))
          .map((text) => /^\s*(\d{6})\s*$/m.exec(text)?.[1])
          .find(Boolean);
        return Boolean(code);
      },
      { message: `the sign-in e-mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return code ?? "";
}

test("the holder sees and downloads their certificate at /my-training and hides it from the search", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const { seatId, email, today } = await startedIntakeWithTrainee(request, origin, testInfo, {
    firstName: "Priya",
    lastName: "Naidu",
  });
  // Staff mark the day present and the pass (the class sheet's own test drives these screens).
  const issued = await passTrainee(request, origin, { seatId, today });

  await open(page, "/my-training");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await page.getByLabel("Sign-in code").fill(await signInCode(email));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  const certificates = page.getByRole("region", { name: "Certificates", exact: true });
  const card = certificates.getByRole("article", { name: "CAAF Basic RPAS Pilot Certificate" });
  await expect(card).toContainText(issued.number);
  await expect(card).toContainText("Priya Naidu");
  await expect(card).toContainText("Valid");
  await expect(card).toContainText("Does not expire");
  const verify = card.getByRole("link", { name: issued.verifyUrl });
  await expect(verify).toHaveAttribute("href", issued.verifyUrl);
  expect(issued.verifyUrl).toMatch(/\/verify\/[\w-]{16,}$/);
  await expectAxeClean(page, "/my-training with a certificate");

  // The PDF: the holder's own link answers a PDF, and the browser saves it.
  const link = card.getByRole("link", { name: `Download PDF of ${issued.number}` });
  const href = (await link.getAttribute("href")) ?? "";
  const response = await page.request.get(href);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  const pdf = await readFile((await download.path()) ?? "");
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Hidden from the search by number and surname; the QR code's address still answers.
  const hide = card.getByRole("checkbox", { name: "Hide from search by number and surname" });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await expectToast(page, "Hidden from the search");
  await expect(hide).toBeChecked();
  const mine = (await (await page.request.get("/api/my-training/certificates")).json()) as Certificate[];
  expect(mine.find((certificate) => certificate.id === issued.id)?.hiddenFromSearch).toBe(true);
  const searched = await page.request.get(
    `/verify?number=${encodeURIComponent(issued.number)}&surname=Naidu`,
  );
  expect(searched.status()).toBe(404);
  expect((await page.request.get(new URL(issued.verifyUrl).pathname)).status()).toBe(200);
});
