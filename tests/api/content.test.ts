// The Content view (ADR 058, 059): staff draft the owner's words, the owner publishes. A draft never reaches the
// public pages; a publish does at once (markup, the content block the browser hydrates from, its CSP hash, the
// sitemap's lastmod); a save on a revision someone else moved is refused; history is kept and can be restored.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { COURSES, SEEDED_COURSES } from "../../shared/constants";
import { STALE_DRAFT_MESSAGE } from "../../shared/content/api";
import { createStaffAndSignIn, signIn } from "../helpers/admin-session";
import { sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";
import { uploadPicture } from "./library-fixtures";

describe.skipIf(!siteIsBuilt)("the Content view", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let owner = "";
  let staff = "";
  const call = (cookie: string, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const state = async (cookie = owner) => (await call(cookie, "GET", "/api/admin/content")).json();
  const page = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const section = (s: { sections: { id: string; draft: unknown; seeded: unknown }[] }, id: string) => {
    const found = s.sections.find((item) => item.id === id);
    if (!found) throw new Error(`no section ${id}`);
    return found;
  };
  type Metric = { metric: string; value: string; description: string };
  type DisasterText = {
    card: object;
    page: { metrics: { items: Metric[] }; intro: { paragraphs: string[] } };
  };

  it("lists every section with its seeded text, to staff; only the owner may publish", async () => {
    owner = await createStaffAndSignIn(t.app, t.database.db);
    await createAdmin(t.database.db, "vika", "another-long-passphrase-42");
    staff = (await signIn(t.app, { username: "vika", password: "another-long-passphrase-42" })).cookie;
    const s = await state(staff);
    expect(s).toMatchObject({
      revision: 0,
      publishedVersion: 0,
      unpublished: [],
      canPublish: false,
      history: [],
    });
    const ids = s.sections.map((item: { id: string }) => item.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "home.hero",
        "home.figures",
        "home.testimonials",
        "services.disaster-management",
        "courses.basic",
        "portal.stats",
        "site.policies",
      ]),
    );
    expect(section(s, "home.figures").seeded).toEqual([
      { value: "20+", label: "Years Combined Experience" },
      { value: "100+", label: "Pilots Trained" },
      { value: "50+", label: "Projects Completed" },
      { value: "15+", label: "Government Partners" },
    ]);
    // Icons, slugs and links are code, not words.
    expect(JSON.stringify(section(s, "services.disaster-management").seeded)).not.toMatch(
      /"icon"|"slug"|"accent"/,
    );
    expect((await state()).canPublish).toBe(true);
  });

  it("refuses text of the wrong shape, an empty field, an unknown section and new testimonials (400)", async () => {
    const s = await state();
    const figures = section(s, "home.figures").seeded as { value: string; label: string }[];
    const cases: [object, RegExp][] = [
      [{ "home.figures": [{ value: "", label: "Pilots" }] }, /cannot be empty/],
      [{ "home.figures": [{ value: "9", label: "x", extra: "y" }] }, /has no field "extra"/],
      [{ "home.figures": "twelve" }, /must be a list/],
      [{ "no.such": "x" }, /no content section "no.such"/],
      [
        {
          "home.testimonials": [
            ...(section(s, "home.testimonials").seeded as object[]),
            { quote: "a", name: "b", position: "c" },
          ],
        },
        /new testimonials come from client reviews/,
      ],
    ];
    for (const [sections, message] of cases) {
      const res = await call(staff, "PUT", "/api/admin/content/draft", { revision: 0, sections });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(figures).toHaveLength(4);
  });

  it("keeps a draft off the public pages, refuses a save on a stale revision, and publishes for the owner", async () => {
    const before = await page("/service/disaster-management");
    const s = await state(staff);
    const disaster = structuredClone(section(s, "services.disaster-management").draft) as DisasterText;
    const metric = disaster.page.metrics.items[0] as Metric;
    metric.value = "37 minutes";
    metric.metric = "Average call-out";
    disaster.page.intro.paragraphs = ["Our Lautoka crews fly within the hour, day and night."];
    const saved = await call(staff, "PUT", "/api/admin/content/draft", {
      revision: s.revision,
      sections: { "services.disaster-management": disaster },
    });
    expect(saved.statusCode).toBe(200);
    const { revision } = saved.json();
    expect(revision).toBe(s.revision + 1);

    // Someone else saves on the revision they opened: refused, nothing overwritten.
    const late = await call(owner, "PUT", "/api/admin/content/draft", {
      revision: s.revision,
      sections: { "home.figures": [{ value: "1", label: "Nothing" }] },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(STALE_DRAFT_MESSAGE);

    const drafted = await state();
    expect(drafted.unpublished).toEqual(["services.disaster-management"]);
    // Public pages are unchanged by a draft.
    const still = await page("/service/disaster-management");
    expect(still.body).toBe(before.body);
    expect(still.body).not.toContain("37 minutes");

    // The preview shows it, without touching the public page.
    const preview = await call(staff, "POST", "/api/admin/content/preview", {
      path: "/service/disaster-management",
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toMatch(/^text\/html/);
    expect(preview.body).toContain("37 minutes");
    expect(preview.body).toContain("Our Lautoka crews fly within the hour");
    expect((await page("/service/disaster-management")).body).not.toContain("37 minutes");
    expect((await call(staff, "POST", "/api/admin/content/preview", { path: "/nope" })).statusCode).toBe(404);

    // Staff cannot publish; the owner can, on the current revision only.
    expect((await call(staff, "POST", "/api/admin/content/publish", { revision })).statusCode).toBe(403);
    expect(
      (await call(owner, "POST", "/api/admin/content/publish", { revision: revision - 1 })).statusCode,
    ).toBe(409);
    const published = await call(owner, "POST", "/api/admin/content/publish", { revision });
    expect(published.statusCode).toBe(200);
    expect(
      (
        await call(owner, "POST", "/api/admin/content/publish", { revision: published.json().revision })
      ).json().message,
    ).toMatch(/nothing new to publish/);

    const after = await page("/service/disaster-management");
    expect(after.body).toContain("37 minutes");
    expect(after.body).toContain("Average call-out");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The browser hydrates from the content block: present, and its hash allowed by the page's CSP.
    const block = /<script type="application\/json" id="site-content">([\s\S]*?)<\/script>/.exec(after.body);
    expect(block).not.toBeNull();
    const hash = `'sha256-${createHash("sha256")
      .update(block?.[1] ?? "")
      .digest("base64")}'`;
    expect(String(after.headers["content-security-policy"])).toContain(hash);
    expect(
      JSON.parse(block?.[1] ?? "{}").sections["services.disaster-management"].page.metrics.items[0].value,
    ).toBe("37 minutes");
    // Compressed copies follow too.
    const br = await t.app.inject({
      method: "GET",
      url: "/service/disaster-management",
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");

    const history = (await state()).history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      version: 1,
      publishedBy: "staff",
      changed: ["services.disaster-management"],
    });
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "content.publish"));
    expect(actions).toHaveLength(1);
  });

  it("gives the sitemap each page's lastmod from the publish times, never the build time", async () => {
    const res = await page("/sitemap.xml");
    const s = await state();
    const at = section(s, "services.disaster-management") as unknown as { publishedAt: string };
    expect(res.body).toContain(
      `<loc>${t.app.env.PUBLIC_URL}/service/disaster-management</loc><lastmod>${at.publishedAt}</lastmod>`,
    );
    // A page nothing was published for has no lastmod.
    expect(res.body).toMatch(/<loc>[^<]*\/verify<\/loc><priority>/);
  });

  it("prints a published certificate title on new certificates only, and restores an older version", async () => {
    const s = await state();
    const course = structuredClone(section(s, "courses.basic").draft) as {
      certificate: { certificate: string };
    };
    course.certificate.certificate = "Basic Remote Pilot Certificate";
    const saved = await call(staff, "PUT", "/api/admin/content/draft", {
      revision: s.revision,
      sections: { "courses.basic": course },
    });
    const published = await call(owner, "POST", "/api/admin/content/publish", {
      revision: saved.json().revision,
    });
    expect(published.statusCode).toBe(200);
    expect((await page("/service/training")).body).toContain("Basic Remote Pilot Certificate");
    await t.app.siteDetails.current();
    expect(COURSES.basic.certificate).toBe("Basic Remote Pilot Certificate");

    // Back to version 1 (the disaster page's change, the seeded certificate), then publish it.
    const restored = await call(staff, "POST", "/api/admin/content/restore", {
      revision: published.json().revision,
      version: 1,
    });
    expect(restored.statusCode).toBe(200);
    expect((await state()).unpublished).toEqual(["courses.basic"]);
    const again = await call(owner, "POST", "/api/admin/content/publish", {
      revision: restored.json().revision,
    });
    expect(again.statusCode).toBe(200);
    const history = (await state()).history;
    expect(history[0]).toMatchObject({ version: 3, restoredFrom: 1, changed: ["courses.basic"] });
    await t.app.siteDetails.current();
    expect(COURSES.basic.certificate).toBe(SEEDED_COURSES.basic.certificate);
    expect((await page("/service/training")).body).not.toContain("Basic Remote Pilot Certificate");
    expect((await page("/service/disaster-management")).body).toContain("37 minutes");
    expect(
      (await call(staff, "POST", "/api/admin/content/restore", { revision: 0, version: 99 })).statusCode,
    ).toBe(409);
  });
});

describe.skipIf(!siteIsBuilt)("sample content after a publish", () => {
  const t = withTestApp({ site: siteIsBuilt });
  it("no longer lists a figure or testimonial the owner replaced or removed", async () => {
    const owner = await createStaffAndSignIn(t.app, t.database.db);
    const call = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { ...sameSite, cookie: owner } });
    const listed = async () =>
      ((await call("GET", "/api/admin/sample-content")).json().items as { id: string }[]).map(
        (item) => item.id,
      );
    expect(await listed()).toEqual(expect.arrayContaining(["stat-pilots-trained", "testimonial-ndmo"]));
    const s = (await call("GET", "/api/admin/content")).json();
    const testimonials = s.sections.find((item: { id: string }) => item.id === "home.testimonials").seeded;
    const saved = await call("PUT", "/api/admin/content/draft", {
      revision: s.revision,
      sections: {
        "home.figures": [{ value: "42", label: "Pilots Trained" }],
        "home.testimonials": testimonials.slice(1),
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await call("POST", "/api/admin/content/publish", { revision: saved.json().revision })).statusCode,
    ).toBe(200);
    const now = await listed();
    expect(now).not.toContain("stat-pilots-trained");
    expect(now).not.toContain("stat-government-partners");
    expect(now).not.toContain("testimonial-ndmo");
    expect(now).toContain("testimonial-agriculture");
    const home = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(home).not.toContain("Litia Vakaloloma");
    expect(home).toContain("Sanjay Prasad");
    expect(home).toContain("Sample testimonial");
  });
});

describe.skipIf(!siteIsBuilt)("featured reviews on the home page", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  it("shows a consenting client's review, in their words, once the owner features it, and not after", async () => {
    const owner = await createStaffAndSignIn(t.app, t.database.db);
    const staff = (method: "PATCH" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { ...sameSite, cookie: owner } });
    const quote = "The mapping crew found our washed-out culverts in one morning.";
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/reviews",
      headers: sameSite,
      payload: {
        name: "Mākereta O'Brien",
        organization: "Tailevu Rural Council",
        position: "Works Officer",
        rating: 5,
        text: quote,
        featureConsent: true,
        formElapsedMs: 60_000,
      },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id;
    expect((await staff("PATCH", `/api/admin/reviews/${id}`, { status: "approved" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/" })).body).not.toContain(quote);
    expect((await staff("POST", `/api/admin/reviews/${id}/feature`)).statusCode).toBe(200);
    const home = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(home).toContain(quote);
    expect(home).toContain("Mākereta O&#x27;Brien");
    const block = /<script type="application\/json" id="site-content">([\s\S]*?)<\/script>/.exec(home)?.[1];
    expect(JSON.parse(block ?? "{}").featured).toEqual([expect.objectContaining({ reviewId: id, quote })]);
    // Her photo, given under the same consent: uploaded as a testimonial picture (metadata stripped, ADR 060).
    const uploaded = await uploadPicture(t.app, owner, {
      kind: "testimonial",
      alt: "Mākereta at the Tailevu works depot",
      width: 500,
      height: 500,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = await t.app.inject({
      method: "PUT",
      url: `/api/admin/reviews/${id}/photo`,
      payload: { mediaId: String(uploaded.json().id), alt: "Mākereta at the Tailevu works depot" },
      headers: { ...sameSite, cookie: owner },
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const withPhoto = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(withPhoto).toMatch(/<img src="\/media\/[0-9a-f]+\.webp" srcSet="\/media\/[^"]+ 96w/i);
    expect(withPhoto).toContain('alt="Mākereta at the Tailevu works depot"');

    expect((await staff("POST", `/api/admin/reviews/${id}/unfeature`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/" })).body).not.toContain(quote);
  });
});
