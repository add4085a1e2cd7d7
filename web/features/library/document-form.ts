// The document form's values and rules: staff type text, pick a category and say when it is published (a Fiji date
// and time for a scheduled one); the shared DocumentMetadataSchema checks what that becomes, so the dialog and the
// server give the same messages.
import { TZDate } from "@date-fns/tz";
import { FIJI_TIME_ZONE, fijiDateAndTime } from "@shared/fiji-time";
import { type DocumentMetadata, DocumentMetadataSchema, type StaffDocument } from "@shared/library";
import * as z from "zod/mini";

export type PublishState = "now" | "draft" | "schedule";

/** As typed: every field a string; publishAt is a datetime-local value read as Fiji time. */
export interface DocumentFormValues {
  title: string;
  description: string;
  categoryId: string;
  type: string;
  publishState: PublishState;
  publishAt: string;
}

const FormShape = z.object({
  title: z.string(),
  description: z.string(),
  categoryId: z.string(),
  type: z.string(),
  publishState: z.enum(["now", "draft", "schedule"]),
  publishAt: z.string(),
});

/** "2026-12-01T09:30" in Fiji -> its ISO instant; anything else -> undefined (the schema then asks for a time). */
export function fijiLocalToIso(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(
    new TZDate(year, month - 1, day, hour, minute, 0, 0, FIJI_TIME_ZONE).getTime(),
  ).toISOString();
}

/** An instant as a datetime-local value in Fiji time. */
export function isoToFijiLocal(iso: string): string {
  const { date, time } = fijiDateAndTime(new Date(iso));
  return `${date}T${time}`;
}

function toMetadata(values: z.output<typeof FormShape>): DocumentMetadata {
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId,
    type: values.type,
    level: "Premium",
    publish:
      values.publishState === "schedule"
        ? { state: "schedule", publishAt: fijiLocalToIso(values.publishAt) }
        : { state: values.publishState },
  };
}

export const DocumentFormSchema = z.pipe(z.pipe(FormShape, z.transform(toMetadata)), DocumentMetadataSchema);
export type DocumentFormOutput = z.output<typeof DocumentMetadataSchema>;

/** A new document's form (published at once, the first category), or a document's form as it is now. */
export function documentFormValues(document?: StaffDocument, firstCategory?: number): DocumentFormValues {
  if (!document) {
    return {
      title: "",
      description: "",
      categoryId: firstCategory === undefined ? "" : String(firstCategory),
      type: "",
      publishState: "now",
      publishAt: "",
    };
  }
  const state: PublishState =
    document.status === "draft" ? "draft" : document.status === "scheduled" ? "schedule" : "now";
  return {
    title: document.title,
    description: document.description,
    categoryId: document.category ? String(document.category.id) : "",
    type: document.type,
    publishState: state,
    publishAt: state === "schedule" && document.publishAt ? isoToFijiLocal(String(document.publishAt)) : "",
  };
}
