// The owner's picture uploads (ADR 060): what each kind is resized to, the limits and messages, and the schemas of
// POST /api/admin/media, PUT /api/admin/brand and the `brand` setting.
import * as z from "zod/mini";
import { MEDIA_KINDS, type MediaKind } from "./brand";

/** Widths stored for each kind, smallest first; never larger than the upload (no upscaling). */
export const MEDIA_WIDTHS: Record<MediaKind, readonly number[]> = {
  logo: [96, 192, 384],
  hero: [640, 1024, 1600],
  testimonial: [96, 192, 384],
};

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** Decoding a larger picture is refused before it uses the memory (a 6000 x 6000 photo is 36 million). */
export const MAX_MEDIA_PIXELS = 50_000_000;
export const MAX_ALT_LENGTH = 200;

export const MEDIA_FILE_REQUIRED_MESSAGE = "Choose a picture to upload.";
export const MEDIA_KIND_MESSAGE =
  "Say whether the picture is the logo, the hero picture or a testimonial photo.";
export const ALT_REQUIRED_MESSAGE = "Describe the picture (its alt text) for people who cannot see it.";
export const ALT_TOO_LONG_MESSAGE = `Keep the description to ${MAX_ALT_LENGTH} characters or fewer.`;
export const SVG_REFUSED_MESSAGE = "SVG files cannot be used: upload a PNG, JPEG or WebP picture.";
export const MEDIA_TYPE_MESSAGE =
  "This file is not a picture the site can use: upload a PNG, JPEG or WebP picture.";
export const MEDIA_UNREADABLE_MESSAGE = "The picture could not be read: it may be damaged. Try another file.";
export const MEDIA_TOO_LARGE_MESSAGE = "The picture is larger than 10 MB. Upload a smaller file.";
export const MEDIA_TOO_MANY_PIXELS_MESSAGE =
  "The picture has too many pixels (more than 50 million). Upload a smaller picture.";
export const MEDIA_TOO_MANY_PARTS_MESSAGE = "Send one picture with its kind and alt text, nothing else.";
export const MEDIA_NOT_FOUND_MESSAGE = "That picture was not found: upload it again.";
export const MEDIA_WRONG_KIND_MESSAGE = (wanted: "logo" | "hero") =>
  `That picture was uploaded for another place: upload it again as the ${wanted === "logo" ? "logo" : "hero picture"}.`;
export const MEDIA_STORAGE_UNAVAILABLE_MESSAGE =
  "The picture could not be saved just now. Please try again in a few minutes.";

/** The alt text: trimmed, 1 to 200 characters. */
export const AltTextSchema = z
  .string({ error: ALT_REQUIRED_MESSAGE })
  .check(z.trim(), z.minLength(1, ALT_REQUIRED_MESSAGE), z.maxLength(MAX_ALT_LENGTH, ALT_TOO_LONG_MESSAGE));

export const MediaKindSchema = z.enum(MEDIA_KINDS, { error: MEDIA_KIND_MESSAGE });

const MediaVariantSchema = z.object({
  // Only our own content-hashed names: a setting can never point a page at another address.
  url: z.string().check(z.regex(/^\/media\/[a-f0-9]{32}\.webp$/)),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
});

export const PictureSchema = z.object({
  mediaId: z.number().check(z.int(), z.positive()),
  alt: AltTextSchema,
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  variants: z.array(MediaVariantSchema).check(z.minLength(1), z.maxLength(8)),
});

/** The `brand` setting: the pictures the pages show (null: the drawn logo, the hero illustration). */
export const BrandSettingSchema = z.object({
  logo: z.nullable(PictureSchema),
  hero: z.nullable(PictureSchema),
});
export type BrandSetting = z.output<typeof BrandSettingSchema>;
export const DEFAULT_BRAND_SETTING: BrandSetting = { logo: null, hero: null };

/** POST /api/admin/media answers the stored picture. */
export const MediaAnswerSchema = z.object({
  id: z.number(),
  kind: MediaKindSchema,
  ...PictureSchema.shape,
  mediaId: z.number(),
});
export type MediaAnswer = z.output<typeof MediaAnswerSchema>;

/** PUT /api/admin/brand: which uploaded picture is the logo or the hero, with its alt text; null removes it. */
const BrandChoiceSchema = z.nullable(
  z.object({
    mediaId: z.number({ error: MEDIA_NOT_FOUND_MESSAGE }).check(z.int(), z.positive()),
    alt: AltTextSchema,
  }),
);
export const BrandPatchSchema = z.object({
  logo: z.optional(BrandChoiceSchema),
  hero: z.optional(BrandChoiceSchema),
});
export type BrandPatch = z.output<typeof BrandPatchSchema>;
