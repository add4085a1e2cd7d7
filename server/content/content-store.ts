// The Content view's store (ADR 058): one shared draft that staff edit and the owner publishes, and every published
// version. Each write names the draft revision it was made on and is refused when someone moved it meanwhile, so
// nobody's work is silently overwritten. Each write and its audit row commit together.
import { asc, desc, eq, sql } from "drizzle-orm";
import { sameText, type TextValue } from "../../shared/content/text-tree";
import type { Db } from "../db/client";
import { contentDraft, contentVersions } from "../db/schema";
import { audit } from "../staff/audit";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Sections = Record<string, TextValue>;

export interface Actor {
  actor: string;
  ip: string;
}

export interface PublishedContent {
  /** 0 while nothing was ever published (the seeded text). */
  version: number;
  sections: Sections;
  /** When a publish last changed each section. */
  changedAt: Record<string, Date>;
}

/** The published content, with when each section last changed. */
export async function readPublished(db: Pick<Db, "select">): Promise<PublishedContent> {
  const rows = await db
    .select({
      version: contentVersions.version,
      changed: contentVersions.changed,
      publishedAt: contentVersions.publishedAt,
    })
    .from(contentVersions)
    .orderBy(asc(contentVersions.version));
  const last = rows.at(-1);
  if (!last) return { version: 0, sections: {}, changedAt: {} };
  const changedAt: Record<string, Date> = {};
  for (const row of rows) for (const id of row.changed) changedAt[id] = row.publishedAt;
  const [latest] = await db
    .select({ sections: contentVersions.sections })
    .from(contentVersions)
    .where(eq(contentVersions.version, last.version));
  return { version: last.version, sections: latest?.sections ?? {}, changedAt };
}

export async function readDraft(db: Pick<Db, "select">) {
  const [row] = await db.select().from(contentDraft).where(eq(contentDraft.id, 1));
  return row ?? null;
}

export async function readHistory(db: Db, limit = 50) {
  return db
    .select({
      version: contentVersions.version,
      changed: contentVersions.changed,
      publishedBy: contentVersions.publishedBy,
      publishedAt: contentVersions.publishedAt,
      restoredFrom: contentVersions.restoredFrom,
    })
    .from(contentVersions)
    .orderBy(desc(contentVersions.version))
    .limit(limit);
}

async function latestSections(tx: Tx): Promise<Sections> {
  const [row] = await tx
    .select({ sections: contentVersions.sections })
    .from(contentVersions)
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return row?.sections ?? {};
}

/** The draft row, locked for this transaction (made on the first write: a fresh draft is the published content). */
async function lockedDraft(tx: Tx) {
  await tx
    .insert(contentDraft)
    .values({ id: 1, sections: await latestSections(tx), revision: 0 })
    .onConflictDoNothing();
  const [row] = await tx.select().from(contentDraft).where(eq(contentDraft.id, 1)).for("update");
  if (!row) throw new Error("the content draft row is missing");
  return row;
}

/**
 * Runs `change` on the draft, locked for the transaction, when it is still at `revision`; "stale" when someone
 * moved it meanwhile. Every write of the Content view goes through here.
 */
function onDraftAt<T>(
  db: Db,
  revision: number,
  change: (tx: Tx, draft: Awaited<ReturnType<typeof lockedDraft>>) => Promise<T>,
): Promise<T | "stale"> {
  return db.transaction(async (tx) => {
    const draft = await lockedDraft(tx);
    return draft.revision === revision ? change(tx, draft) : "stale";
  });
}

/** Ids whose text differs between two section maps (a missing section is its seeded text). */
export function changedIds(a: Sections, b: Sections): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((id) => !sameText(a[id], b[id])).sort();
}

export type WriteResult = { revision: number } | "stale" | "nothing";

async function writeDraft(
  tx: Tx,
  sections: Sections,
  revision: number,
  by: Actor,
  restoredFrom: number | null = null,
) {
  await tx
    .update(contentDraft)
    .set({ sections, revision: revision + 1, updatedBy: by.actor, updatedAt: sql`now()`, restoredFrom })
    .where(eq(contentDraft.id, 1));
  return { revision: revision + 1 };
}

/**
 * Saves the edited sections into the draft, on top of `revision`. A section equal to its seeded text is stored as
 * "not changed" (absent), so the seeded first version is never copied into the data.
 */
export function saveDraft(
  db: Db,
  input: { revision: number; sections: Sections; seeded: ReadonlyMap<string, TextValue> },
  by: Actor,
): Promise<WriteResult> {
  return onDraftAt(db, input.revision, async (tx, draft) => {
    const sections = { ...draft.sections };
    for (const [id, value] of Object.entries(input.sections)) {
      if (sameText(value, input.seeded.get(id))) delete sections[id];
      else sections[id] = value;
    }
    const changed = changedIds(draft.sections, sections);
    if (changed.length === 0) return { revision: draft.revision };
    await audit(tx, { ...by, action: "content.draft", details: { sections: changed } });
    return writeDraft(tx, sections, draft.revision, by);
  });
}

/** Publishes the draft as it is at `revision`: a new version, with what it changed. */
export function publishDraft(db: Db, input: { revision: number }, by: Actor): Promise<WriteResult> {
  return onDraftAt(db, input.revision, async (tx, draft) => {
    const published = await latestSections(tx);
    const changed = changedIds(published, draft.sections);
    if (changed.length === 0) return "nothing";
    const [row] = await tx
      .insert(contentVersions)
      .values({ sections: draft.sections, changed, publishedBy: by.actor, restoredFrom: draft.restoredFrom })
      .returning({ version: contentVersions.version });
    await audit(tx, {
      ...by,
      action: "content.publish",
      subject: `version ${row?.version}`,
      details: { sections: changed },
    });
    return writeDraft(tx, draft.sections, draft.revision, by);
  });
}

/** The draft goes back to the published content. */
export function discardDraft(db: Db, input: { revision: number }, by: Actor): Promise<WriteResult> {
  return onDraftAt(db, input.revision, async (tx, draft) => {
    const published = await latestSections(tx);
    const changed = changedIds(published, draft.sections);
    if (changed.length === 0) return "nothing";
    await audit(tx, { ...by, action: "content.discard", details: { sections: changed } });
    return writeDraft(tx, published, draft.revision, by);
  });
}

/** An older version's content becomes the draft; publishing it records where it came from. */
export function restoreVersion(
  db: Db,
  input: { revision: number; version: number },
  by: Actor,
): Promise<WriteResult | "unknown"> {
  return onDraftAt(db, input.revision, async (tx, draft) => {
    const [old] = await tx
      .select({ sections: contentVersions.sections })
      .from(contentVersions)
      .where(eq(contentVersions.version, input.version));
    // Version 0 is the seeded first version.
    const sections = input.version === 0 ? {} : old?.sections;
    if (!sections) return "unknown";
    await audit(tx, { ...by, action: "content.restore", subject: `version ${input.version}` });
    return writeDraft(tx, sections, draft.revision, by, input.version);
  });
}
