import { describe, expect, it } from "vitest";
import {
  DocumentMetadataSchema,
  fileTypeFromName,
  formatFileSize,
  publishStatus,
  SCHEDULE_IN_FUTURE_MESSAGE,
} from "./library";

const form = {
  title: "Guide",
  description: "What it covers.",
  categoryId: "3",
  type: "Guide",
  publish: { state: "now" },
};

describe("library contract", () => {
  it("formats sizes as the cards show them", () => {
    expect(formatFileSize(900)).toBe("900 B");
    expect(formatFileSize(512 * 1024)).toBe("512 KB");
    expect(formatFileSize(8.4 * 1024 * 1024)).toBe("8.4 MB");
  });

  it("tells the publish state from the publish time", () => {
    const now = new Date("2026-05-01T00:00:00Z");
    expect(publishStatus(null, now)).toBe("draft");
    expect(publishStatus("2026-04-30T23:59:59Z", now)).toBe("published");
    expect(publishStatus(new Date("2026-05-02T00:00:00Z"), now)).toBe("scheduled");
  });

  it("reads the form: a select's category id, Premium by default, a future time to schedule", () => {
    expect(DocumentMetadataSchema.parse(form)).toMatchObject({ categoryId: 3, level: "Premium" });
    const past = DocumentMetadataSchema.safeParse({
      ...form,
      publish: { state: "schedule", publishAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.error?.issues[0]).toMatchObject({
      message: SCHEDULE_IN_FUTURE_MESSAGE,
      path: ["publish", "publishAt"],
    });
    const missing = DocumentMetadataSchema.safeParse({ ...form, publish: { state: "schedule" } });
    expect(missing.success).toBe(false);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      DocumentMetadataSchema.safeParse({ ...form, publish: { state: "schedule", publishAt: future } })
        .success,
    ).toBe(true);
    expect(DocumentMetadataSchema.safeParse({ ...form, level: "Free" }).success).toBe(false);
    expect(DocumentMetadataSchema.safeParse({ ...form, title: "x".repeat(301) }).success).toBe(false);
  });

  it("knows the five types by extension", () => {
    expect(fileTypeFromName("a.Docx")?.label).toBe("Word");
    expect(fileTypeFromName("a.doc")).toBeUndefined();
  });
});
