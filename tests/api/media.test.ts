// The owner's pictures (ADR 060): uploads read by their bytes (SVG and text refused), turned upright, stripped of
// every metadata block (EXIF with GPS, XMP, ICC), resized to the kind's widths without enlarging; served by the app
// with year-long caching; the logo and hero saved as the brand setting; the share image drawn from the name, tagline
// and logo under an address that changes with them, in every served page's og:image.
import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, media } from "../../server/db/schema";
import { pictureById } from "../../server/media/pictures";
import { renderShareImage, SHARE_IMAGE_FONTS } from "../../server/media/share-image";
import { createAdmin } from "../../server/staff/accounts";
import {
  ALT_REQUIRED_MESSAGE,
  MAX_MEDIA_BYTES,
  MEDIA_NOT_FOUND_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_TOO_MANY_PARTS_MESSAGE,
  MEDIA_TYPE_MESSAGE,
  MEDIA_WRONG_KIND_MESSAGE,
  type MediaAnswer,
  SVG_REFUSED_MESSAGE,
} from "../../shared/media";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, signIn } from "../helpers/admin-session";
import { SITE_ORIGIN, sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";
import { multipartBody, type Part } from "./library-fixtures";

/** A photo as a phone saves it: EXIF with the camera, GPS position and orientation 6 (turned a quarter), XMP too. */
async function phonePhoto(width = 2000, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 9", Copyright: "Someone" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "18/1 8/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "178/1 26/1 0/1",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

const transparentPng = (width = 500, height = 250) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();

const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

describe("the owner's pictures", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let owner = "";
  let helper = "";
  beforeAll(async () => {
    owner = await createStaffAndSignIn(t.app, t.database.db);
    await createAdmin(t.database.db, "helper", "another-long-passphrase-42");
    helper = (await signIn(t.app, { username: "helper", password: "another-long-passphrase-42" })).cookie;
  });

  const upload = (parts: Part[], cookie = owner) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: "POST",
      url: "/api/admin/media",
      payload,
      headers: { ...sameSite, cookie, "content-type": contentType },
    });
  };
  const picture = (
    kind: string,
    alt: string | null,
    fileName: string,
    value: Buffer,
    contentType = "image/jpeg",
  ) => [
    { name: "kind", value: kind },
    ...(alt === null ? [] : [{ name: "alt", value: alt }]),
    { name: "file", fileName, value, contentType },
  ];
  const uploaded = async (parts: Part[]) => {
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as MediaAnswer;
  };
  const stored = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const setBrand = (payload: object, cookie = owner) =>
    t.app.inject({ method: "PUT", url: "/api/admin/brand", payload, headers: { ...sameSite, cookie } });

  it("turns a phone photo upright, drops its EXIF, GPS and XMP, and never enlarges it", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    const hero = await uploaded(picture("hero", "  Pilots on a beach at dawn ", "IMG_0001.jpg", photo));
    expect(hero.alt).toBe("Pilots on a beach at dawn");
    // Upright it is 1200 wide: 640 and 1024, and no 1600 copy made up from fewer pixels.
    expect(hero.variants.map((variant) => variant.width)).toEqual([640, 1024]);
    expect(hero.variants.map((variant) => variant.height)).toEqual([1067, 1707]);
    expect({ width: hero.width, height: hero.height }).toEqual({ width: 1024, height: 1707 });
    for (const variant of hero.variants) {
      expect(variant.url).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
      const meta = await sharp(await stored(variant.url)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
    const [row] = await t.database.db.select().from(media).where(eq(media.id, hero.id));
    expect(row).toMatchObject({ kind: "hero", uploadedBy: "staff", width: 1024, height: 1707 });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "media.uploaded"));
    expect(entry?.subject).toBe(String(hero.id));
  });

  it("reads the type from the bytes: a PNG named .jpg is taken as the PNG it is (its transparency kept)", async () => {
    const logo = await uploaded(
      picture("logo", "Company logo", "logo.jpg", await transparentPng(), "image/jpeg"),
    );
    expect(logo.variants.map((variant) => variant.width)).toEqual([96, 192, 384]);
    const meta = await sharp(await stored(logo.variants[2]?.url ?? "")).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it("stores a picture smaller than every width once, at its own size", async () => {
    const small = await uploaded(
      picture("testimonial", "Mere, a student", "m.png", await transparentPng(60, 80)),
    );
    expect(small.variants).toEqual([{ url: expect.any(String), width: 60, height: 80 }]);
    expect(await pictureById(t.database.db, small.id)).toMatchObject({
      kind: "testimonial",
      width: 60,
      height: 80,
    });
  });

  it.each([
    ["an SVG", "logo.svg", SVG, "image/svg+xml", SVG_REFUSED_MESSAGE],
    ["an SVG named .png", "logo.png", SVG, "image/png", SVG_REFUSED_MESSAGE],
    [
      "a text file named .jpg",
      "notes.jpg",
      Buffer.from("Just some notes, not a picture."),
      "image/jpeg",
      MEDIA_TYPE_MESSAGE,
    ],
    [
      "a PDF",
      "a.pdf",
      Buffer.from("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n"),
      "application/pdf",
      MEDIA_TYPE_MESSAGE,
    ],
  ])("refuses %s with a plain 4xx", async (_label, fileName, value, contentType, message) => {
    const before = await t.database.db.select({ id: media.id }).from(media);
    const res = await upload(picture("logo", "Logo", fileName, value, contentType));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(message);
    expect(await t.database.db.select({ id: media.id }).from(media)).toEqual(before);
  });

  it("refuses a picture without alt text, or with only spaces", async () => {
    const png = await transparentPng();
    for (const alt of [null, "   "]) {
      const res = await upload(picture("logo", alt, "logo.png", png, "image/png"));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ALT_REQUIRED_MESSAGE);
    }
    const long = await upload(picture("logo", "x".repeat(201), "logo.png", png, "image/png"));
    expect(long.statusCode).toBe(400);
  });

  it("takes a large photo, and refuses one over 10 MB with 413", async () => {
    const noisy = await sharp({
      create: {
        width: 1700,
        height: 1500,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const large = await uploaded(picture("hero", "Noise", "noise.png", noisy, "image/png"));
    expect(large.variants.map((variant) => variant.width)).toEqual([640, 1024, 1600]);
    const tooBig = Buffer.concat([noisy, Buffer.alloc(MAX_MEDIA_BYTES - noisy.length + 1)]);
    const res = await upload(picture("hero", "Too big", "big.png", tooBig, "image/png"));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MEDIA_TOO_LARGE_MESSAGE);
  });

  it("refuses a body with more than the picture, its kind and its alt text", async () => {
    const extra = Array.from({ length: 5 }, (_, index) => ({ name: `extra${index}`, value: "x" }));
    const res = await upload([
      ...extra,
      ...picture("logo", "Logo", "l.png", await transparentPng(), "image/png"),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEDIA_TOO_MANY_PARTS_MESSAGE);
  });

  it("refuses a damaged picture and an unknown kind", async () => {
    const jpeg = await phonePhoto(400, 300);
    const damaged = await upload(picture("hero", "Broken", "b.jpg", jpeg.subarray(0, 400)));
    expect(damaged.statusCode).toBe(400);
    const kind = await upload(picture("banner", "Banner", "b.jpg", jpeg));
    expect(kind.statusCode).toBe(400);
  });

  it("answers only an owner", async () => {
    const png = await transparentPng();
    const staffOnly = await upload(picture("logo", "Logo", "logo.png", png, "image/png"), helper);
    expect(staffOnly.statusCode).toBe(403);
    const nobody = await upload(picture("logo", "Logo", "logo.png", png, "image/png"), "");
    expect(nobody.statusCode).toBe(401);
    expect((await setBrand({ logo: null }, helper)).statusCode).toBe(403);
  });

  it("serves each copy with year-long caching, its type, nosniff and an ETag; unknown names are 404", async () => {
    const logo = await uploaded(picture("logo", "Logo", "logo.png", await transparentPng(), "image/png"));
    const url = logo.variants[0]?.url ?? "";
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${url.slice(7, 39)}"`);
    const again = await t.app.inject({ url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    for (const missing of [
      "/media/0123456789abcdef0123456789abcdef.webp",
      "/media/..%2Fsettings",
      "/media/x.svg",
    ]) {
      expect((await t.app.inject({ url: missing })).statusCode).toBe(404);
    }
  });

  it("saves the logo and hero as the brand setting, refusing an unknown picture or one of another kind", async () => {
    const logo = await uploaded(picture("logo", "Logo", "logo.png", await transparentPng(), "image/png"));
    const hero = await uploaded(picture("hero", "Hero", "hero.jpg", await phonePhoto(1800, 1000)));
    expect((await setBrand({ logo: { mediaId: 999999, alt: "Logo" } })).json().message).toBe(
      MEDIA_NOT_FOUND_MESSAGE,
    );
    const wrong = await setBrand({ logo: { mediaId: hero.id, alt: "Logo" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MEDIA_WRONG_KIND_MESSAGE("logo"));
    expect((await setBrand({ hero: { mediaId: hero.id, alt: "" } })).statusCode).toBe(400);

    const res = await setBrand({
      logo: { mediaId: logo.id, alt: "Mākereta Drones logo" },
      hero: { mediaId: hero.id, alt: "A drone over the reef" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().logo).toMatchObject({ mediaId: logo.id, alt: "Mākereta Drones logo" });
    const settings = await t.app.inject({ url: "/api/admin/settings", headers: { cookie: owner } });
    expect(settings.json().brand.hero).toMatchObject({ mediaId: hero.id, alt: "A drone over the reef" });
    // The generic settings save cannot set the pictures (it would skip the checks above).
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { brand: { logo: null, hero: null } },
      headers: { ...sameSite, cookie: owner },
    });
    const { details } = await t.app.siteDetails.current();
    expect(details.brand.logo?.mediaId).toBe(logo.id);
    expect(details.brand.hero?.mediaId).toBe(hero.id);
  });

  it("draws the share image as a 1200 x 630 PNG whose address changes with the company name", async () => {
    const first = (await t.app.siteDetails.current()).details.brand.shareImage;
    expect(first).toMatch(/^\/og\/[a-f0-9]{32}\.png$/);
    const res = await t.app.inject({ url: first ?? "" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);

    const renamed = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { company: { ...DEFAULT_SETTINGS.company, name: "Mākereta Drones" } },
      headers: { ...sameSite, cookie: owner },
    });
    expect(renamed.statusCode).toBe(200);
    const second = (await t.app.siteDetails.current()).details.brand.shareImage;
    expect(second).toMatch(/^\/og\/[a-f0-9]{32}\.png$/);
    expect(second).not.toBe(first);
    const drawn = await t.app.inject({ url: second ?? "" });
    expect(drawn.statusCode).toBe(200);
    expect((await sharp(drawn.rawPayload).metadata()).width).toBe(1200);
    // An address nobody gave out is not drawn.
    expect((await t.app.inject({ url: "/og/0123456789abcdef0123456789abcdef.png" })).statusCode).toBe(404);
  });

  it.skipIf(!siteIsBuilt)("puts the share image and the pictures on every served page", async () => {
    const { details } = await t.app.siteDetails.current();
    const shareImage = details.brand.shareImage ?? "";
    for (const path of ["/", "/schedule", "/portal", "/verify"]) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(`<meta property="og:image" content="${SITE_ORIGIN}${shareImage}"`);
      expect(res.body).not.toContain("/og-image.png");
      expect(res.body).toContain('alt="Mākereta Drones logo"');
    }
    const home = await t.app.inject({ url: "/" });
    // HTML attribute names are case-insensitive: React writes srcSet and fetchPriority.
    const hero = /<img[^>]*alt="A drone over the reef"[^>]*>/.exec(home.body)?.[0] ?? "";
    expect(hero).toMatch(/fetchpriority="high"/i);
    expect(hero).toMatch(/srcset="\/media\/[a-f0-9]{32}\.webp 640w"/i);
    expect(hero).toMatch(/width="640" height="1152"/);
  });

  it("draws names with macrons in a font that has them", async () => {
    const font = fontkit.create(readFileSync(SHARE_IMAGE_FONTS.bold));
    for (const letter of "āēīōūĀĒĪŌŪ")
      expect(font.hasGlyphForCodePoint(letter.codePointAt(0) ?? 0)).toBe(true);
    const withMacron = await renderShareImage({
      name: "Mākereta Drones",
      tagline: "Drone training, Aotearoa",
    });
    const without = await renderShareImage({ name: "Makereta Drones", tagline: "Drone training, Aotearoa" });
    expect((await sharp(withMacron).metadata()).width).toBe(1200);
    expect(withMacron.equals(without)).toBe(false);
  });
});
