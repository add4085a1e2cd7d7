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
