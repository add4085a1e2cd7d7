// The owner sets the company's real details in the dashboard's Settings (ADR 036): a field the schema refuses shows
// its message, the saved phone and e-mail show on the landing page's contact section and footer after a reload (the
// page hydrates with them: the fixtures fail on a hydration error), and the "still the examples" banner goes away.
// A changed course price shows on the landing page too. The test puts the seeded details back at the end: the other browser tests share this server.
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { expect, expectAxeClean, open, test, waitForHydration } from "./fixtures";
import { openDashboard, signIn } from "./staff-helpers";

// The lock: settings-prices.spec.ts changes the course prices on this server too.
test("the owner changes the phone and e-mail; the landing page shows them and the banner goes", {
  lock: "site-details",
}, async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await signIn(page, origin);
  try {
    await openDashboard(page);
    const banner = page
      .getByRole("status")
      .filter({ hasText: "Your company details are still the examples" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Open Settings" }).click();
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");

    const form = page.getByRole("form", { name: "Company details" });
    await form.getByLabel("General e-mail").fill("not an e-mail");
    await form.getByRole("button", { name: "Save company details" }).click();
    await expect(form.getByText("General e-mail must be a valid email address")).toBeVisible();

    await form.getByLabel("First phone number").fill("+679 331 9876");
    await form.getByLabel("Second phone number").fill("+679 921 4455");
    await form.getByLabel("General e-mail").fill("hello@pacificsky.com.fj");
    await form.getByLabel("Training e-mail").fill("training@pacificsky.com.fj");
    await form.getByLabel("Support e-mail").fill("support@pacificsky.com.fj");
    await expectAxeClean(page, "the company details form");
    await form.getByRole("button", { name: "Save company details" }).click();
    await expect(page.getByText("Company details saved", { exact: true })).toBeVisible();
    await expect(banner).toBeHidden();

    await open(page, "/");
    await waitForHydration(page);
    const contact = page.locator("#contact");
    await expect(contact.getByRole("link", { name: "+679 331 9876" })).toHaveAttribute(
      "href",
      "tel:+6793319876",
    );
    await expect(contact.getByRole("link", { name: "hello@pacificsky.com.fj" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "hello@pacificsky.com.fj" })).toHaveAttribute(
      "href",
      "mailto:hello@pacificsky.com.fj",
    );
    await expect(page.getByText("info@pacificskyrpas.example")).toHaveCount(0);

    // A page served with changed details still knows the seeded examples: the banner stays away after a reload.
    await openDashboard(page);
    await expect(page.getByText("Your company details are still the examples")).toHaveCount(0);

    // A new course price reaches the landing page's training card, rendered by the server and hydrated alike.
    const priced = await page.request.put("/api/admin/settings", {
      headers: { Origin: origin },
      data: { coursePriceCents: { ...DEFAULT_SETTINGS.coursePriceCents, basic: 32_500 } },
    });
    expect(priced.status()).toBe(200);
    await open(page, "/");
    await waitForHydration(page);
    await expect(page.locator("#training").getByText("FJD 325", { exact: true })).toBeVisible();
  } finally {
    const restored = await page.request.put("/api/admin/settings", {
      headers: { Origin: origin },
      data: { company: DEFAULT_SETTINGS.company, coursePriceCents: DEFAULT_SETTINGS.coursePriceCents },
    });
    expect(restored.status()).toBe(200);
  }
});
