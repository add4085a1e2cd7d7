// Routes, redirects, the 404 page, prerendered HTML and hydration, head tags, sitemap, robots, JSON-LD and the
// response headers a browser relies on (docs/product.md, Pages and Security rules; the SEO and security issues).
import { LEGACY_REDIRECTS, ROUTES } from "../../shared/routes";
import { expect, open, test } from "./fixtures";

/** Decodes the entities React and the prerenderer write into HTML text and attributes. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return named[code.toLowerCase()] ?? entity;
  });
}

/** Head tags of a raw (unhydrated) HTML page. */
function headOf(html: string) {
  const pick = (pattern: RegExp) => {
    const value = pattern.exec(html)?.[1];
    return value === undefined ? undefined : decodeEntities(value);
  };
  return {
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: pick(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: pick(/<meta property="og:description" content="([^"]*)"/),
    ogUrl: pick(/<meta property="og:url" content="([^"]*)"/),
    robots: pick(/<meta name="robots" content="([^"]*)"/),
  };
}

/** Visible text of the first <h1> in raw HTML, tags stripped and whitespace collapsed. */
function h1Of(html: string): string | undefined {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return inner === undefined
    ? undefined
    : decodeEntities(inner.replace(/<[^>]+>/g, ""))
        .replace(/\s+/g, " ")
        .trim();
}

test.describe("legacy enrollment links", () => {
  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    test(`${from} answers 301 to ${to}`, async ({ request, page }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(to);

      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

test.describe("unknown paths", () => {
  // Chromium itself logs the 404 status of the document as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const path of ["/no-such-page", "/service/unknown", "/enroll/expert"]) {
    test(`${path} answers 404 with the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText(/forget to add the page to the router/i)).toBeVisible();
      await expect(page).toHaveTitle(/404 Page Not Found/);
      const robots = await page.locator('meta[name="robots"]').getAttribute("content");
      expect(robots).toContain("noindex");
    });
  }
});

test.describe("every route", () => {
  test("has its own title, description, canonical URL and Open Graph tags", async ({ request, baseURL }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const route of ROUTES) {
      const response = await request.get(route.path);
      expect(response.status(), route.path).toBe(200);
      const head = headOf(await response.text());
      expect(head.title, `${route.path} <title>`).toBeTruthy();
      expect(head.description, `${route.path} meta description`).toBeTruthy();
      expect(head.canonical, `${route.path} canonical`).toBe(`${baseURL}${route.path}`);
      expect(head.ogTitle, `${route.path} og:title`).toBe(head.title);
      expect(head.ogDescription, `${route.path} og:description`).toBe(head.description);
      expect(head.ogUrl, `${route.path} og:url`).toBe(`${baseURL}${route.path}`);
      expect(head.robots === "noindex", `${route.path} noindex only when not indexable`).toBe(
        !route.indexable,
      );
      titles.set(head.title ?? "", route.path);
      descriptions.set(head.description ?? "", route.path);
    }
    expect(titles.size, "every route has a title of its own").toBe(ROUTES.length);
    expect(descriptions.size, "every route has a description of its own").toBe(ROUTES.length);
  });

  for (const route of ROUTES) {
    test(`${route.path} is prerendered, then hydrated with the same heading`, async ({ page, request }) => {
      const html = await (await request.get(route.path)).text();
      const title = headOf(html).title;
      const prerenderedH1 = h1Of(html);
      // The dashboard's prerendered state is the access check; everything else carries its page heading.
      if (route.path !== "/admin/dashboard") expect(prerenderedH1, "<h1> in the raw HTML").toBeTruthy();

      const response = await open(page, route.path);
      expect(response?.status()).toBe(200);
      if (route.path === "/admin/dashboard") {
        // Without an admin session the dashboard sends the visitor to the sign-in page.
        await expect(page).toHaveURL(/\/admin$/);
        return;
      }
      await expect(page).toHaveTitle(title ?? "");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(prerenderedH1 ?? "");
    });
  }
});

test("without JavaScript the landing page still shows its content", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const heading of ["Core Services", "Specialised Services", "Mapping & Surveying"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("FJD 1,500", { exact: true })).toBeVisible();
  await page.goto("/service/mapping");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("±10 cm").first()).toBeVisible();
  await context.close();
});

test("a Learn More link navigates on the client, without a full page load", async ({ page }) => {
  await open(page, "/");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page
    .locator("section#services")
    .getByRole("link", { name: /^Learn More/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/service\/[a-z-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  // The tab title follows the client-side navigation.
  await expect(page).toHaveTitle(/\| Pacific Sky RPAS$/);
  await expect(page).not.toHaveTitle(/Drone Consultancy & RPAS Training in Fiji/);
});

test("/sitemap.xml lists exactly the indexable routes", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const expected = ROUTES.filter((route) => route.indexable).map((route) => `${baseURL}${route.path}`);
  expect(locs.sort()).toEqual(expected.sort());
});

test("/robots.txt points to the sitemap and keeps crawlers out of the API", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toMatch(/^User-agent: \*/m);
  expect(text).toMatch(/^Disallow: \/api\/?$/m);
});

test("the landing page's JSON-LD has the Organization and the three Courses in FJD", async ({ page }) => {
  await page.goto("/");
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "null")));
  const items = blocks.flatMap((block) => (Array.isArray(block) ? block : (block["@graph"] ?? [block])));
  const organization = items.find((item) => item["@type"] === "Organization");
  expect(organization?.name).toBe("Pacific Sky RPAS");
  const courses = items.filter((item) => item["@type"] === "Course");
  expect(courses).toHaveLength(3);
  const offers = courses.map((course) => course.offers);
  for (const offer of offers) expect(offer.priceCurrency).toBe("FJD");
  expect(offers.map((offer) => Number(offer.price).toFixed(2))).toEqual(["300.00", "1500.00", "2500.00"]);
});

test("pages carry the security headers, compressed, with immutable hashed assets", async ({
  page,
  request,
}) => {
  const response = await page.goto("/");
  const headers = (await response?.allHeaders()) ?? {};
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, "script-src").toContain("'self'");
  expect(scriptSrc, "script-src").not.toContain("unsafe-inline");
  expect(scriptSrc, "script-src").not.toContain("unsafe-eval");
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["content-encoding"]).toMatch(/^(br|gzip)$/);

  const gzip = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");

  const script = await page.locator("script[type=module][src]").first().getAttribute("src");
  expect(script).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
  const asset = await request.get(script ?? "", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
});
