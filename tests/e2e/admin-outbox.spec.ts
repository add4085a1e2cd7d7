import { expect, expectAxeClean, open, test } from "./fixtures";
import { signIn } from "./staff-helpers";

test("staff see failed e-mails with the mail server's answer and resend one; a sign-in e-mail stays masked", async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL ?? "");
  const real = await page.request.get("/api/admin/outbox?status=failed");
  expect(real.status()).toBe(200);
  expect(real.headers()["cache-control"]).toBe("no-store");

  const failed = {
    id: 41,
    to: "litia@example.fj",
    subject: "We have received your enrollment",
    status: "failed",
    attempts: 8,
    lastError: "550 Mailbox unavailable",
    sensitive: false,
    createdAt: "2026-11-20T01:00:00.000Z",
    sentAt: null,
  };
  const signInMail = {
    ...failed,
    id: 42,
    to: "mere@example.fj",
    subject: "Sign-in code or link (hidden)",
    sensitive: true,
  };
  const resent: string[] = [];
  await page.route("**/api/admin/outbox?*", (route) =>
    route.fulfill({ json: { items: resent.length ? [signInMail] : [failed, signInMail], total: 2 } }),
  );
  await page.route("**/api/admin/outbox/41/resend", (route) => {
    resent.push(route.request().method());
    return route.fulfill({ json: { id: 41, status: "pending" } });
  });

  await open(page, "/admin/dashboard");
  await page.getByRole("tab", { name: "E-mail" }).click();
  const list = page.getByRole("list", { name: "E-mail" });
  const item = list.getByRole("article", { name: "We have received your enrollment" });
  await expect(item).toContainText("Mail server said: 550 Mailbox unavailable");
  await expect(item).toContainText("litia@example.fj");
  const masked = list.getByRole("article", { name: "Sign-in code or link (hidden)" });
  await expect(masked).toContainText("not resent");
  await expect(masked.getByRole("button")).toHaveCount(0);
  await expectAxeClean(page, "the outbox view");

  await item.getByRole("button", { name: "Resend the e-mail to litia@example.fj" }).click();
  await expect(page.getByText("E-mail queued again", { exact: true })).toBeVisible();
  expect(resent).toEqual(["POST"]);
  await expect(item).toHaveCount(0);
});

test.describe("e-mail previews", () => {
  // The suite's own watch scripts (fixtures.ts) are refused in the preview's sandboxed frame, as every script is:
  // the sandbox at work, said once per script on the console.
  test.use({
    allowedConsoleErrors: [
      /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
    ],
  });

  test("staff preview an e-mail template: its headers, the HTML part with the logo, and the text part", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL ?? "");
    await open(page, "/admin/dashboard");
    await page.getByRole("tab", { name: "E-mail" }).click();
    const section = page.getByRole("region", { name: "E-mail templates" });
    const template = section.getByLabel("Template");
    await expect(template).toBeVisible();
    // Axe cannot look inside the sandboxed frame (its script is refused there): the view is checked before it opens,
    // the e-mail's own alt text and link names below.
    await expectAxeClean(page, "the e-mail templates");
    await template.selectOption({ label: "Your CAAF Basic RPAS Pilot Certificate (issued, with an expiry)" });

    const preview = section.getByRole("article", { name: "Preview: Your CAAF Basic RPAS Pilot Certificate" });
    await expect(preview).toContainText("PSR-B-2026-0042.pdf (application/pdf)");
    await expect(preview).toContainText("Reply-To");
    const text = preview.getByRole("region", { name: "Plain-text part" });
    await expect(text).toContainText("Your certificate is attached as a PDF.");

    // The HTML part as a mail program shows it: sandboxed (no script), the words of the text, the logo loaded from
    // this site (web/public/email-logo.png) with its alt text.
    const frame = preview.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    const html = page.frameLocator('iframe[title^="HTML part of"]');
    await expect(html.getByText("Your certificate is attached as a PDF.")).toBeVisible();
    const logo = html.getByRole("img", { name: /logo$/ });
    await expect(logo).toHaveAttribute("src", `${baseURL}/email-logo.png`);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await expect(html.getByRole("link", { name: /\/verify\/h7Xq2LmV9sK4tPz1$/ })).toBeVisible();
  });
});
