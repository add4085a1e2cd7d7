// The seven static service pages (docs/product.md, Service pages) and their headline figures.
import type { ServiceSlug } from "../../shared/routes";
import { SERVICE_SLUGS } from "../../shared/routes";
import { COMPANY } from "../../web/content/company";
import { expect, jumpTo, open, scrollY, test } from "./fixtures";

interface ServicePageSpec {
  /** Label of the mailto link to the support address, then of the link to /#contact. */
  links: readonly [string, string];
  /** The page's headline figures, exactly as the page must write them. */
  figures: readonly string[];
}

const PAGES: Record<ServiceSlug, ServicePageSpec> = {
  "rpas-consultancy": {
    links: ["Email Consultation", "Request Callback"],
    figures: ["1-2 weeks", "2-3 weeks", "4-8 weeks"],
  },
  "climate-solutions": {
    links: ["Request Assessment", "Schedule Consultation"],
    figures: ["500+ km", "10,000+ ha", "50+", "98%+"],
  },
  "disaster-management": {
    links: ["Emergency Planning", "24/7 Hotline Setup"],
    figures: ["2-4 hours", "1-2 hours", "30 minutes", "15 minutes", "500+ km", "6+ hour"],
  },
  defence: {
    links: ["Secure Consultation", "Request Briefing"],
    figures: ["1.3M km²", "12+ hour", "30 min"],
  },
  mapping: {
    links: ["Request Quote", "Technical Consultation"],
    figures: ["±10 cm", "±15 cm", "1-5 cm", "500 ha", "24-48 hour"],
  },
  "data-analysis": {
    links: ["Data Consultation", "Analytics Demo"],
    figures: ["99%+", "50+"],
  },
  training: {
    links: ["Course Information", "Schedule Visit"],
    figures: ["500+", "95%+", "4.9/5", "90%+"],
  },
};

for (const slug of SERVICE_SLUGS) {
  const spec = PAGES[slug];
  const path = `/service/${slug}`;

  test(`${path}: one h1, the SPEC's figures, the closing links and 'Back to Home'`, async ({ page }) => {
    const response = await open(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const figure of spec.figures) {
      await expect(page.getByText(figure).first(), `figure '${figure}'`).toBeVisible();
    }

    const [emailLabel, contactLabel] = spec.links;
    const email = page.getByRole("link", { name: emailLabel, exact: true });
    await expect(email).toBeVisible();
    expect(await email.getAttribute("href")).toMatch(
      new RegExp(`^mailto:${COMPANY.supportEmail.replace(/\./g, "\\.")}(\\?|$)`),
    );
    await expect(page.getByRole("link", { name: contactLabel, exact: true })).toHaveAttribute(
      "href",
      "/#contact",
    );

    await page.getByRole("link", { name: "Back to Home" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("section#services")).toBeVisible();
  });
}

test("a service page opens at the top when reached from a scrolled landing page", async ({ page }) => {
  await open(page, "/");
  await jumpTo(page, "services");
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  await page
    .locator("section#services")
    .getByRole("link", { name: /^Learn More/ })
    .nth(5)
    .click();
  await expect(page).toHaveURL(/\/service\/[a-z-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test("the closing contact link lands on the landing page's contact section", async ({ page }) => {
  await open(page, "/service/mapping");
  await page.getByRole("link", { name: PAGES.mapping.links[1], exact: true }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator("section#contact")).toBeInViewport();
});

test("the training page's three 'Enroll Now' links go to the enrollment forms", async ({ page }) => {
  await open(page, "/service/training");
  const links = page.getByRole("link", { name: /^Enroll Now/ });
  await expect(links).toHaveCount(3);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect([...hrefs].sort()).toEqual(["/enroll/advanced", "/enroll/basic", "/enroll/instructor"]);
  await links.first().click();
  await expect(page).toHaveURL(/\/enroll\/(basic|advanced|instructor)$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
