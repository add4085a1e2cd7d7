// The owner's pictures on an S3-compatible store (the s3rver fake): the copies and the share image go into the
// bucket, and the app itself serves them (img-src 'self', the bucket never public) with year-long caching.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaAnswer } from "../../shared/media";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withFakeS3 } from "../helpers/s3";
import { sameSite, withTestApp } from "../helpers/test-app";
import { multipartBody } from "./library-fixtures";

describe("the owner's pictures on S3", () => {
  const s3 = withFakeS3();
  const t = withTestApp(() => ({ storage: s3.storage, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } }));
  let owner = "";
  beforeAll(async () => {
    owner = await createStaffAndSignIn(t.app, t.database.db);
  });

  it("stores the copies in the bucket and serves them from the app with immutable caching", async () => {
    const png = await sharp({ create: { width: 800, height: 300, channels: 3, background: "#0f2a5c" } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody([
      { name: "kind", value: "logo" },
      { name: "alt", value: "Bucket logo" },
      { name: "file", fileName: "logo.png", value: png, contentType: "image/png" },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/media",
      payload,
      headers: { ...sameSite, cookie: owner, "content-type": contentType },
    });
    expect(res.statusCode, res.body).toBe(201);
    const logo = res.json() as MediaAnswer;
    expect((await s3.storage.list("media/")).map((file) => `/${file.key}`).sort()).toEqual(
      logo.variants.map((variant) => variant.url).sort(),
    );
    for (const variant of logo.variants) {
      const served = await t.app.inject({ url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers.etag).toBe(`"${variant.url.slice(7, 39)}"`);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(variant.width);
    }

    const brand = await t.app.inject({
      method: "PUT",
      url: "/api/admin/brand",
      payload: { logo: { mediaId: logo.id, alt: "Bucket logo" } },
      headers: { ...sameSite, cookie: owner },
    });
    expect(brand.statusCode).toBe(200);
    const shareImage = (await t.app.siteDetails.current()).details.brand.shareImage ?? "";
    // Drawn when the logo was saved, into the bucket.
    expect(await s3.storage.exists(shareImage.slice(1))).toBe(true);
    const og = await t.app.inject({ url: shareImage });
    expect(og.statusCode).toBe(200);
    expect(og.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(og.rawPayload).metadata()).height).toBe(630);
  });
});
