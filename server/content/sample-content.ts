// The sample content still on the site (docs/product.md, Sample content): computed from the real data each time,
// for the owner's list (GET /api/admin/sample-content) and the warning a public server logs at start.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TextValue } from "../../shared/content/text-tree";
import { isSampleFile, SAMPLE_UPLOADER } from "../../shared/library";
import { SAMPLE_ACTIONS, type SampleItem, SEEDED_TEXTS, type SeededText } from "../../shared/sample-content";
import type { Db } from "../db/client";
import { documents, documentVersions } from "../db/schema";
import { statusIs } from "../library/queries";
import { readPublished } from "./content-store";

const PUBLISHED_DOCUMENT = "Document Portal (published)";

/** The one warning line a public server logs while sample content is published. */
export const SAMPLE_CONTENT_WARNING =
  "Sample content is still published on a public site: replace it in the dashboard (Settings, Sample content)";

/** The content section (ADR 058) each seeded text lives in. */
const SECTION_OF: [RegExp, string][] = [
  [/^testimonial-/, "home.testimonials"],
  [/^stat-/, "home.figures"],
  [/^training-/, "services.training"],
  [/^portal-/, "portal.stats"],
  [/^disaster-/, "services.disaster-management"],
  [/^claim-/, "home.certifications"],
];

/**
 * Whether the published content still shows a seeded text: its section was never published with other words, or
 * its published words still hold the seeded ones (a figure's number and its label).
 */
function stillShown(text: SeededText, sections: Record<string, TextValue>): boolean {
  const id = SECTION_OF.find(([pattern]) => pattern.test(text.id))?.[1];
  const published = id === undefined ? undefined : sections[id];
  if (published === undefined) return true;
  const words = JSON.stringify(published);
  const space = text.value.indexOf(" ");
  const parts =
    text.kind === "figure" && space > 0
      ? [text.value.slice(0, space), text.value.slice(space + 1)]
      : [text.value];
  return parts.every((part) => words.includes(JSON.stringify(part).slice(1, -1)));
}

/** The texts: each is the seeded first-run wording until the owner publishes their own (the Content view). */
function sampleTexts(sections: Record<string, TextValue>): SampleItem[] {
  return SEEDED_TEXTS.filter((text) => stillShown(text, sections)).map((text) => ({
    id: text.id,
    kind: text.kind,
    label: text.value,
    where: text.where,
    action: SAMPLE_ACTIONS[text.kind],
  }));
}

/** Documents of any state whose current file is still the sample shipped with the site. */
async function sampleDocuments(db: Pick<Db, "select">, now: Date): Promise<SampleItem[]> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      version: documentVersions.version,
      uploadedBy: documentVersions.uploadedBy,
      published: sql<boolean>`${statusIs("published", now)}`,
    })
    .from(documents)
    .innerJoin(
      documentVersions,
      and(
        eq(documentVersions.documentId, documents.id),
        eq(documentVersions.version, documents.currentVersion),
      ),
    )
    .where(and(isNotNull(documents.currentVersion), eq(documentVersions.uploadedBy, SAMPLE_UPLOADER)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return rows
    .filter((row) => isSampleFile({ documentId: row.id, ...row }))
    .map((row) => ({
      id: `document-${row.id}`,
      kind: "document",
      label: row.title,
      // PGlite and PostgreSQL both answer a boolean; compared, not trusted, in case a driver answers "t".
      where: row.published === true ? PUBLISHED_DOCUMENT : "Library (not published)",
      action: SAMPLE_ACTIONS.document,
    }));
}

export async function listSampleContent(db: Pick<Db, "select">, now = new Date()): Promise<SampleItem[]> {
  const { sections } = await readPublished(db);
  return [...sampleTexts(sections), ...(await sampleDocuments(db, now))];
}

/**
 * A site visitors can reach: https, and not a loopback or reserved name (localhost, 127.x, ::1, *.test,
 * *.example, *.localhost, *.invalid). Local development and the tests never count as public.
 */
export function isPublicUrl(publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host === "[::1]" || host === "::1" || /^127\./.test(host)) return false;
  return !/\.(test|example|localhost|invalid)$/.test(host) && host !== "example";
}

/** At start: one warning line naming what is sample, if the site is public and sample content is published. */
export async function warnOfSampleContent(db: Pick<Db, "select">, publicUrl: string, log: FastifyBaseLogger) {
  if (!isPublicUrl(publicUrl)) return;
  const published = (await listSampleContent(db)).filter(
    (item) => item.kind !== "document" || item.where === PUBLISHED_DOCUMENT,
  );
  if (published.length === 0) return;
  log.warn({ sample: published.map((item) => `${item.kind}: ${item.label}`) }, SAMPLE_CONTENT_WARNING);
}
