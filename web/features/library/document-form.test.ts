import { describe, expect, it } from "vitest";
import { DocumentFormSchema, fijiLocalToIso, isoToFijiLocal } from "./document-form";

const values = {
  title: " Drone logbook ",
  description: "A logbook template.",
  categoryId: "3",
  type: "Template",
  publishState: "now" as const,
  publishAt: "",
};

describe("document form", () => {
  it("reads a datetime-local value as Fiji time and back", () => {
    expect(fijiLocalToIso("2026-12-01T09:30")).toBe("2026-11-30T21:30:00.000Z");
    expect(isoToFijiLocal("2026-11-30T21:30:00.000Z")).toBe("2026-12-01T09:30");
    expect(fijiLocalToIso("not a time")).toBeUndefined();
  });

  it("becomes the shared metadata: trimmed, the category a number, Premium", () => {
    const parsed = DocumentFormSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ title: "Drone logbook", categoryId: 3, level: "Premium" });
    expect(parsed.data?.publish).toEqual({ state: "now" });
  });

  it("asks for a future time when scheduling, with the server's message", () => {
    const past = DocumentFormSchema.safeParse({
      ...values,
      publishState: "schedule",
      publishAt: "2020-01-01T09:00",
    });
    expect(past.error?.issues[0]?.message).toBe("Choose a publish time in the future.");
    const blank = DocumentFormSchema.safeParse({ ...values, publishState: "schedule" });
    expect(blank.success).toBe(false);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const future = DocumentFormSchema.safeParse({
      ...values,
      publishState: "schedule",
      publishAt: isoToFijiLocal(later),
    });
    expect(future.success).toBe(true);
  });

  it("refuses a blank title and no category", () => {
    const parsed = DocumentFormSchema.safeParse({ ...values, title: " ", categoryId: "" });
    const messages = parsed.error?.issues.map((issue) => issue.message);
    expect(messages).toContain("Title is required");
    expect(messages).toContain("Choose a category.");
  });
});
