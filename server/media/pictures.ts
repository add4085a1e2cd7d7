// The owner's stored pictures (ADR 060): saving an upload's copies, and reading a picture back as pages show it.
// The testimonials (kind "testimonial") and the brand setting both take pictures from here by id.
import { eq } from "drizzle-orm";
import type { MediaKind, Picture } from "../../shared/brand";
import type { Db } from "../db/client";
import { media } from "../db/schema";
import type { FileStorage } from "../platform/storage";
import { audit } from "../staff/audit";
import type { PictureCopy } from "./images";

export interface StoredPicture extends Picture {
  kind: MediaKind;
}

/**
 * Stores the copies (in `storage` first: a network call when it is S3, so never inside the transaction), then the
 * row with its audit line. Copies are named by their own hash: one already there is the same bytes.
 */
export async function savePicture(
  db: Db,
  storage: FileStorage,
  picture: { kind: MediaKind; alt: string; sha256: string; copies: PictureCopy[] },
  by: { actor: string; ip: string },
): Promise<StoredPicture> {
  for (const copy of picture.copies) await storage.put(copy.key, copy.bytes, "image/webp");
  const variants = picture.copies.map((copy) => ({
    url: `/media/${copy.name}`,
    width: copy.width,
    height: copy.height,
  }));
  const largest = variants[variants.length - 1];
  if (!largest) throw new Error("A picture has no copies");
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(media)
      .values({
        kind: picture.kind,
        alt: picture.alt,
        width: largest.width,
        height: largest.height,
        variants,
        sha256: picture.sha256,
        uploadedBy: by.actor,
      })
      .returning({ id: media.id });
    if (!inserted) throw new Error("The picture's row was not written");
    await audit(tx, {
      ...by,
      action: "media.uploaded",
      subject: String(inserted.id),
      details: { kind: picture.kind, alt: picture.alt, width: largest.width, height: largest.height },
    });
    return inserted;
  });
  return {
    mediaId: row.id,
    kind: picture.kind,
    alt: picture.alt,
    width: largest.width,
    height: largest.height,
    variants,
  };
}

/**
 * A stored picture as a page shows it (its variants' addresses, widths and heights, smallest first), with its own alt
 * text or `alt` when given; null when there is no such picture. For `<img {...pictureImage(picture, sizes)} />`.
 */
export async function pictureById(
  db: Pick<Db, "select">,
  id: number,
  alt?: string,
): Promise<StoredPicture | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({
      id: media.id,
      kind: media.kind,
      alt: media.alt,
      width: media.width,
      height: media.height,
      variants: media.variants,
    })
    .from(media)
    .where(eq(media.id, id));
  if (!row) return null;
  return {
    mediaId: row.id,
    kind: row.kind,
    alt: alt ?? row.alt,
    width: row.width,
    height: row.height,
    variants: row.variants,
  };
}
