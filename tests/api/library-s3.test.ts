// The library on an S3-compatible store (the s3rver fake): uploads stream into the bucket, a refused upload leaves
// no object behind, and a subscriber's download is a short signed link that really fetches the file.
import { beforeAll, describe, expect, it } from "vitest";
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, type StaffDocument } from "../../shared/library";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withFakeS3 } from "../helpers/s3";
import { subscriberWithAccess } from "../helpers/subscriber";
import { sameSite, withTestApp } from "../helpers/test-app";
import { multipartBody, officeFile, type Part } from "./library-fixtures";

describe("the library on S3", () => {
  const s3 = withFakeS3();
  const t = withTestApp(() => ({ storage: s3.storage, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } }));

  let staff: string;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
  });

  const upload = (cookie: string, parts: Part[]) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: "POST",
      url: "/api/admin/library/documents",
      payload,
      headers: { ...sameSite, cookie, "content-type": contentType },
    });
  };
  const metadata = (title: string): Part => ({
    name: "metadata",
    value: JSON.stringify({
      title,
      description: "Stored in the bucket.",
      categoryId: 1,
      type: "Template",
      publish: { state: "now" },
    }),
  });

  it("moves the starting documents into the bucket, stores uploads there and serves them by signed link", async () => {
    expect((await s3.storage.list("library/")).length).toBe(6);
    const res = await upload(staff, [
      metadata("Bucket template"),
      { name: "file", fileName: "t.docx", value: officeFile("docx") },
    ]);
    expect(res.statusCode).toBe(201);
    const created = res.json() as StaffDocument;
    expect(await s3.storage.get(`library/${created.id}/v1.docx`)).toEqual(officeFile("docx"));

    const reader = await subscriberWithAccess(t.app, staff, "bucket@example.fj");
    const download = await t.app.inject({
      url: `/api/documents/${created.id}/download`,
      headers: { cookie: reader },
    });
    expect(download.statusCode).toBe(302);
    const link = new URL(download.headers.location as string);
    expect(link.origin).toBe(s3.endpoint);
    expect(Number(link.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(officeFile("docx"));
    expect(file.headers.get("content-disposition")).toContain("Bucket-template.docx");
  });

  it("leaves no object behind when a file is over 50 MB", async () => {
    const before = await s3.storage.list("");
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]);
    const res = await upload(staff, [metadata("Too big"), { name: "file", fileName: "big.pdf", value: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await s3.storage.list("")).toEqual(before);
  });
});
