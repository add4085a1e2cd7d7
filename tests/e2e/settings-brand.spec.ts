// The owner uploads the company's logo in Settings' Brand card (ADR 060): the alt text is required, then the landing
// page's header shows the uploaded logo (an image named by that alt text, served from /media/ by the app itself) and
// the page hydrates with it and stays axe clean. The logo is removed again at the end: other browser tests share this server.
import sharp from "sharp";
import { expect, expectAxeClean, open, test, waitForHydration } from "./fixtures";
import { openDashboard, signIn } from "./staff-helpers";

const ALT = "Mākereta Drones: a teal drone over the letters MD";

test("the owner uploads a logo with alt text and the landing page header shows it", {
  lock: "site-details",
}, async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const logo = await sharp({
    create: { width: 600, height: 200, channels: 4, background: { r: 15, g: 159, b: 138, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await signIn(page, origin);
  try {
    await openDashboard(page);
    await page.getByRole("tab", { name: "Settings" }).click();
    const form = page.getByRole("form", { name: "Logo" });
    await expect(form.getByText("None uploaded: the pages show the drawn logo.")).toBeVisible();

    await form
      .getByLabel("Picture file")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(form.getByRole("img", { name: "Preview of the chosen file" })).toBeVisible();
    await form.getByRole("button", { name: "Upload logo" }).click();
    await expect(form.getByText(/^Describe the picture \(its alt text\)/)).toBeVisible();

    await form.getByLabel("Alt text").fill(ALT);
    await expectAxeClean(page, "the Brand card");
    await form.getByRole("button", { name: "Upload logo" }).click();
    await expect(page.getByText("Logo saved", { exact: true })).toBeVisible();
    await expect(form.getByRole("img", { name: ALT })).toBeVisible();

    await open(page, "/");
    await waitForHydration(page);
    const headerLogo = page.getByRole("banner").getByRole("img", { name: ALT });
    await expect(headerLogo).toBeVisible();
    await expect(headerLogo).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}\.webp$/);
    await expect(headerLogo).toHaveAttribute("srcset", / 384w$/);
    await expect(page.getByRole("contentinfo").getByRole("img", { name: ALT })).toBeVisible();
    const served = await page.request.get((await headerLogo.getAttribute("src")) ?? "");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    await expectAxeClean(page, "the landing page with the uploaded logo");
  } finally {
    const removed = await page.request.put("/api/admin/brand", {
      headers: { Origin: origin },
      data: { logo: null },
    });
    expect(removed.status()).toBe(200);
  }
});
