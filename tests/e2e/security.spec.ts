// Logout from another site: a link elsewhere to /api/logout must not sign anyone out by itself. The browser marks
// that navigation cross-site (localhost is another site than 127.0.0.1), and the server answers a page whose
// button signs out with a same-site POST.
import { expect, test } from "./fixtures";
import { signInByApi, uniqueEmail } from "./subscriber";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" } });

test("a link to /api/logout from another site asks first; its Sign out button signs out", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  await signInByApi(page, origin, uniqueEmail(testInfo, "logout"));
  const elsewhere = origin.replace("127.0.0.1", "localhost");
  await page.goto(`${elsewhere}/sign-in`);
  await page.evaluate((target) => {
    window.location.href = target;
  }, `${origin}/api/logout`);

  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  expect((await page.request.get(`${origin}/api/auth/user`)).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${origin}/portal`);
  expect((await page.request.get(`${origin}/api/auth/user`)).status()).toBe(401);
});
