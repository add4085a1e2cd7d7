// The landing page as a visitor uses it (docs/product.md, Landing page): header, hero, sections and footer; the
// review and contact forms are in landing-forms.spec.ts.
import { COURSES, PORTAL_POPUP, STATS } from "../../shared/constants";
import { formatFjd } from "../../shared/money-format";
import { SERVICE_SLUGS } from "../../shared/routes";
import { COMPANY } from "../../web/content/company";
import { expect, expectScrolledTo, jumpTo, open, scrollY, test } from "./fixtures";

const SECTION_ORDER = [
  "home",
  "services",
  "training",
  "certifications",
  "documents",
  "client-reviews",
  "contact",
];

test.beforeEach(async ({ page }) => {
  await open(page, "/");
});

test("has the anchored sections in order, then the footer", async ({ page }) => {
  const order = await page.evaluate((ids) => {
    const elements = ids.map((id) => document.getElementById(id));
    const footer = document.querySelector("footer");
    const missing = ids.filter((_, i) => !elements[i]);
    const inOrder = [...elements, footer].every(
      (element, i, all) =>
        i === 0 ||
        Boolean(element && all[i - 1]?.compareDocumentPosition(element) === Node.DOCUMENT_POSITION_FOLLOWING),
    );
    return { missing, inOrder, inMain: elements.every((element) => element?.closest("main")) };
  }, SECTION_ORDER);
  expect(order.missing).toEqual([]);
  expect(order.inOrder, `sections should follow the order ${SECTION_ORDER.join(", ")}, then the footer`).toBe(
    true,
  );
  expect(order.inMain).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test.describe("header", () => {
  test("the nav links scroll their sections into view", async ({ page }) => {
    for (const [label, id] of [
      ["Services", "services"],
      ["Training", "training"],
      ["Documents", "documents"],
      ["Contact", "contact"],
    ] as const) {
      const link = page.getByRole("banner").getByRole("link", { name: label, exact: true });
      await expect(link).toHaveAttribute("href", `#${id}`);
      await link.click();
      await expectScrolledTo(page, id);
    }
  });

  test("the logo scrolls back to the top", async ({ page }) => {
    await jumpTo(page, "contact");
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    await page
      .getByRole("banner")
      .getByRole("link", { name: new RegExp(COMPANY.name) })
      .click();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("Portal Access opens /portal in a 1200x800 popup", async ({ page }) => {
    const popupPromise = page.waitForEvent("popup");
    const link = page.getByRole("banner").getByRole("link", { name: "Portal Access" });
    // A real link, which also works with no script at all (a tab of its own).
    await expect(link).toHaveAttribute("href", "/portal");
    await link.click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe("/portal");
    const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
    expect(size).toEqual({ width: PORTAL_POPUP.width, height: PORTAL_POPUP.height });
    await expect(popup.getByRole("heading", { level: 1 })).toBeVisible();
    await popup.close();
  });
});

test("the hero's 'Our Services' and 'Get In Touch' scroll to their sections", async ({ page }) => {
  await page.getByRole("link", { name: "Our Services" }).click();
  await expectScrolledTo(page, "services");
  await jumpTo(page, "home");
  await page.getByRole("link", { name: "Get In Touch" }).click();
  await expectScrolledTo(page, "contact");
});

test("the about section shows the four headline statistics", async ({ page }) => {
  for (const stat of STATS) {
    await expect(page.getByText(stat.value, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/years combined experience/i)).toBeVisible();
  await expect(page.getByText(/pilots trained/i).first()).toBeVisible();
  await expect(page.getByText(/projects completed/i)).toBeVisible();
  await expect(page.getByText(/government partners/i)).toBeVisible();
});

test("seven service cards, each with a Learn More link to its page", async ({ page }) => {
  const services = page.locator("section#services");
  await expect(services.getByRole("heading", { name: "Core Services" })).toBeVisible();
  await expect(services.getByRole("heading", { name: "Specialised Services" })).toBeVisible();
  for (const title of [
    "RPAS Consultancy",
    "CAAF Certified Training Provider",
    "Climate Change Solutions",
    "Disaster Management",
    "Defence Services",
    "Mapping & Surveying",
    "Data Analysis",
  ]) {
    await expect(services.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  const links = services.getByRole("link", { name: /^Learn More/ });
  await expect(links).toHaveCount(SERVICE_SLUGS.length);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(SERVICE_SLUGS.map((slug) => `/service/${slug}`).sort());
});

test("three training programmes with prices, enroll links and the Popular badge", async ({ page }) => {
  const training = page.locator("section#training");
  const links = training.getByRole("link", { name: /^Enroll Now/ });
  await expect(links).toHaveCount(3);
  expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual([
    "/enroll/basic",
    "/enroll/advanced",
    "/enroll/instructor",
  ]);
  for (const price of ["FJD 300", "FJD 1,500", "FJD 2,500"]) {
    await expect(training.getByText(price, { exact: true })).toBeVisible();
  }
  expect(formatFjd(COURSES.advanced.priceCents, "public")).toBe("FJD 1,500");

  await expect(training.getByText("Popular", { exact: true })).toHaveCount(1);
  const advanced = training
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: COURSES.advanced.title }) });
  await expect(advanced.getByText("Popular", { exact: true })).toBeVisible();
});

test("an Enroll Now link opens the enrollment form at the top, with a way back home", async ({ page }) => {
  await page
    .locator("section#training")
    .getByRole("link", { name: /^Enroll Now/ })
    .nth(1)
    .click();
  await expect(page).toHaveURL(/\/enroll\/advanced$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.getByRole("link", { name: "Back to Home" }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test("the certifications section lists the four certifications", async ({ page }) => {
  const section = page.locator("section#certifications");
  for (const name of ["CAAF Certified", "ICAO Affiliated", "ISO Compliant", "Safety Certified"]) {
    await expect(section.getByText(name, { exact: true }).first()).toBeVisible();
  }
});

test("the documents teaser shows disabled 'Requires Subscription' previews", async ({ page }) => {
  const section = page.locator("section#documents");
  const buttons = section.getByRole("button", { name: "Requires Subscription" });
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
  await expect(section.getByText(/^(Level:\s*)?Premium$/).first()).toBeVisible();
});

test.describe("with reduced motion (instant scrolling keeps these fast)", () => {
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  test("every 'Back to Top' link scrolls to the top", async ({ page }) => {
    const buttons = page.getByRole("link", { name: "Back to Top", exact: true });
    const count = await buttons.count();
    expect(count, "a Back to Top button between the sections").toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      await button.scrollIntoViewIfNeeded();
      await expect
        .poll(() => scrollY(page), { message: `scrolled down to Back to Top #${i + 1}` })
        .toBeGreaterThan(0);
      await button.click();
      await expect.poll(() => scrollY(page), { message: `Back to Top #${i + 1}` }).toBe(0);
    }
  });
});

test("the footer lists services, training, social links, copyright and policies", async ({ page }) => {
  const footer = page.getByRole("contentinfo");
  const services = [
    "Climate Change Solutions",
    "Disaster Management",
    "Defence Services",
    "RPAS Consultancy",
    "Training Programs",
  ];
  for (const name of services) await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  const training = [
    "Basic RPAS Pilot",
    "Advanced RPAS Pilot",
    "Instructor Training",
    "Certification Programs",
    "Custom Training",
  ];
  for (const name of training) await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  for (const social of COMPANY.social) {
    await expect(footer.getByRole("link", { name: new RegExp(social.name) })).toHaveAttribute(
      "href",
      social.href,
    );
  }
  await expect(footer.getByText(/©\s*\d{4}/)).toBeVisible();
  for (const name of [/Privacy/, /Terms/, /Cookie/]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
});
