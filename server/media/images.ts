// Turning an uploaded picture into the copies the pages show (ADR 060): its type read from its bytes (never from its
// name or the browser's word), SVG and everything else refused, then with sharp: turned upright by its EXIF
// orientation, converted to sRGB, every piece of metadata dropped (EXIF with GPS, XMP, IPTC, the ICC profile),
// resized to the kind's widths (never enlarged) and encoded as WebP. Named by the hash of their own bytes.
import { createHash } from "node:crypto";
import type { MediaKind } from "../../shared/brand";
import {
  MAX_MEDIA_PIXELS,
  MEDIA_TOO_MANY_PIXELS_MESSAGE,
  MEDIA_TYPE_MESSAGE,
  MEDIA_UNREADABLE_MESSAGE,
  MEDIA_WIDTHS,
  SVG_REFUSED_MESSAGE,
} from "../../shared/media";

/** What sharp may read here; AVIF too, which current phones save. */
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

/** The upload is not a picture we take (415) or cannot be read or is too big (400); the message is the owner's. */
export class PictureRefused extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

/** Whether the bytes look like SVG (an XML text whose root is <svg>), which file-type reports as XML or nothing. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return /<svg[\s>]/i.test(head);
}

/** The picture's type from its bytes; PictureRefused (with the owner's message) when it is not one we take. */
export async function pictureType(bytes: Buffer): Promise<string> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (detected && ACCEPTED.has(detected.mime)) return detected.mime;
  if (detected?.mime === "image/svg+xml" || ((!detected || detected.ext === "xml") && looksLikeSvg(bytes)))
    throw new PictureRefused(SVG_REFUSED_MESSAGE, 415);
  throw new PictureRefused(MEDIA_TYPE_MESSAGE, 415);
}

export interface PictureCopy {
  /** The storage key and public name: media/<hash>.webp. */
  key: string;
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** The widths to store for a picture `width` wide: the kind's that fit, or only its own width when none does. */
export function widthsFor(kind: MediaKind, width: number): number[] {
  const fitting = MEDIA_WIDTHS[kind].filter((wanted) => wanted <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** The copies of an accepted picture, smallest first. PictureRefused when sharp cannot read it or it is too big. */
export async function pictureCopies(bytes: Buffer, kind: MediaKind): Promise<PictureCopy[]> {
  const sharp = (await import("sharp")).default;
  const input = () => sharp(bytes, { limitInputPixels: MAX_MEDIA_PIXELS, failOn: "error", animated: false });
  let upright: { width: number; height: number };
  try {
    const metadata = await input().metadata();
    if (!metadata.width || !metadata.height) throw new PictureRefused(MEDIA_UNREADABLE_MESSAGE);
    if (metadata.width * metadata.height > MAX_MEDIA_PIXELS)
      throw new PictureRefused(MEDIA_TOO_MANY_PIXELS_MESSAGE);
    // Orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
    const quarterTurn = (metadata.orientation ?? 1) >= 5;
    upright = quarterTurn
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch (error) {
    if (error instanceof PictureRefused) throw error;
    throw new PictureRefused(MEDIA_UNREADABLE_MESSAGE);
  }
  const copies: PictureCopy[] = [];
  for (const width of widthsFor(kind, upright.width)) {
    let result: { data: Buffer; info: { width: number; height: number } };
    try {
      result = await input()
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .toColourspace("srgb")
        // sharp keeps no metadata unless told to: no EXIF (nor its GPS block), XMP, IPTC or ICC profile.
        .webp({ quality: kind === "hero" ? 78 : 85, effort: 4 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new PictureRefused(MEDIA_UNREADABLE_MESSAGE);
    }
    const name = `${createHash("sha256").update(result.data).digest("hex").slice(0, 32)}.webp`;
    copies.push({
      key: `media/${name}`,
      name,
      bytes: result.data,
      width: result.info.width,
      height: result.info.height,
    });
  }
  return copies;
}
