// The dashboard's one-time notice to a staff member without an e-mail address whose username strangers paused
// (ADR 050). Which account gets it, and that it is handed over once, are the API tests' (admin-sign-in-devices);
// here the dashboard shows the server's answer as a person reads it. The notice is given by the route below: making
// the shared e2e account's username pause would hold up the other tests signing in with it.
import { expect, expectAxeClean, test } from "./fixtures";
import { openDashboard, signIn } from "./staff-helpers";

test("the dashboard shows a kept sign-in notice once, readable and dismissible", async ({
  page,
  baseURL,
}) => {
  let served = 0;
  await page.route("**/api/admin/sign-in-notice", (route) => {
    served += 1;
    const notice =
      served === 1 ? { at: new Date().toISOString(), failures: 12, addresses: 7, windowMinutes: 15 } : null;
    return route.fulfill({ json: { notice } });
  });
  await signIn(page, baseURL ?? "");
  await openDashboard(page);
  const banner = page.getByRole("region", { name: "Someone tried to sign in with your username" });
  await expect(banner).toContainText(
    "12 wrong passwords were tried for your username within 15 minutes, from 7 different addresses.",
  );
  await expect(banner).toContainText("the browsers where you have signed in before kept working");
  await expectAxeClean(page, "the dashboard with the sign-in notice");
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  // Asked once per visit: switching views does not ask again.
  await page.getByRole("tab", { name: "Messages" }).click();
  expect(served).toBe(1);
});
