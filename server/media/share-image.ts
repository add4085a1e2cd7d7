// The social-share image (og:image): 1200 x 630 PNG drawn from the company name, the tagline and the logo (ADR 060).
// Its address carries a hash of what it is drawn from (/og/<hash>.png), so a share preview that cached one address
// never shows an old name, and the file can be cached for ever. While the name and tagline are the seeded ones and no
// logo is set, the pages keep the built og-image.png (the shareImage is null).
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Picture } from "../../shared/brand";
import { COMPANY, SEEDED_COMPANY } from "../../shared/company";

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** Raised whenever the drawing changes, so every address changes with it. */
const SHARE_IMAGE_VERSION = 1;

const require = createRequire(import.meta.url);
/** DejaVu covers the Latin Extended letters (ā ē ī ō ū and the rest), so Māori and Fijian names draw right. */
export const SHARE_IMAGE_FONTS = {
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
} as const;

export interface ShareImageInputs {
  name: string;
  /** The line under the name; the lead's content model will hand in the published one. */
  tagline: string;
  /** The logo's largest variant's address (/media/<hash>.webp), or null for the drawn mark. */
  logoUrl: string | null;
}

/** What the share image for these details is drawn from (the tagline defaults to COMPANY.tagline). */
export function shareImageInputs(
  name: string,
  logo: Picture | null,
  tagline: string = COMPANY.tagline,
): ShareImageInputs {
  return { name, tagline, logoUrl: logo?.variants[logo.variants.length - 1]?.url ?? null };
}

const recent = new Map<string, ShareImageInputs>();

/**
 * The share image's address for these inputs (/og/<hash>.png), or null while the built og-image.png shows them
 * (seeded name and tagline, no logo). Remembers the inputs, so GET /og/<hash>.png can draw it on first request.
 */
export function shareImagePath(inputs: ShareImageInputs): string | null {
  if (
    inputs.logoUrl === null &&
    inputs.name === SEEDED_COMPANY.name &&
    inputs.tagline === SEEDED_COMPANY.tagline
  )
    return null;
  const hash = createHash("sha256")
    .update(JSON.stringify({ version: SHARE_IMAGE_VERSION, ...inputs }))
    .digest("hex")
    .slice(0, 32);
  const path = `/og/${hash}.png`;
  recent.delete(path);
  recent.set(path, inputs);
  // A few are enough: only the current details' address is drawn on request.
  if (recent.size > 16) recent.delete(recent.keys().next().value as string);
  return path;
}

/** The inputs behind an address shareImagePath gave out in this process, if still remembered. */
export function shareImageInputsFor(path: string): ShareImageInputs | undefined {
  return recent.get(path);
}

const NAVY = "#0f2a5c";
const TEAL = "#2dd4bf";

/** The drawn mark (web/components/ui/logo-mark.tsx, favicon.svg), for a share image without an uploaded logo. */
const DRAWN_MARK = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#ffffff" fill-opacity="0.08"/><path d="M20 20l24 24M44 20L20 44" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/><g fill="#2dd4bf"><circle cx="18" cy="18" r="7"/><circle cx="46" cy="18" r="7"/><circle cx="18" cy="46" r="7"/><circle cx="46" cy="46" r="7"/></g><circle cx="32" cy="32" r="7" fill="#fbbf24"/></svg>',
);

const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Sharp = typeof import("sharp");

/** A line of text as a transparent PNG, at most `width` x `height`, shrunk to fit when it would be larger. */
async function textImage(
  sharp: Sharp,
  text: string,
  options: { font: "bold" | "regular"; size: number; colour: string; width: number; height: number },
): Promise<Buffer> {
  const fontfile = SHARE_IMAGE_FONTS[options.font];
  const family = options.font === "bold" ? "DejaVu Sans Bold" : "DejaVu Sans";
  const markup = `<span foreground="${options.colour}">${escapeMarkup(text)}</span>`;
  const atSize = await sharp({
    text: {
      text: markup,
      font: `${family} ${options.size}`,
      fontfile,
      rgba: true,
      width: options.width,
      dpi: 72,
      wrap: "word",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (atSize.info.height <= options.height) return atSize.data;
  // Too long for the size: pango picks the largest size that fits the box.
  return sharp({
    text: {
      text: markup,
      font: family,
      fontfile,
      rgba: true,
      width: options.width,
      height: options.height,
      wrap: "word",
    },
  })
    .png()
    .toBuffer();
}

/**
 * Draws the share image: the logo (when given: the bytes of any picture sharp reads) top left, the name large, the
 * tagline under it, on the site's navy with a teal rule.
 */
export async function renderShareImage(options: {
  name: string;
  tagline?: string;
  logo?: Buffer | null;
}): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const tagline = options.tagline ?? COMPANY.tagline;
  const left = 96;
  const textWidth = SHARE_IMAGE_WIDTH - 2 * left;
  const name = await textImage(sharp, options.name, {
    font: "bold",
    size: 72,
    colour: "#ffffff",
    width: textWidth,
    height: 190,
  });
  const line = tagline.trim()
    ? await textImage(sharp, tagline, {
        font: "regular",
        size: 34,
        colour: "#ccfbf1",
        width: textWidth,
        height: 90,
      })
    : null;
  const layers: import("sharp").OverlayOptions[] = [];
  const logo = options.logo
    ? await sharp(options.logo)
        .resize({ width: 360, height: 150, fit: "inside", withoutEnlargement: true })
        .png()
        .toBuffer()
    : await sharp(DRAWN_MARK).png().toBuffer();
  layers.push({ input: logo, top: 72, left });
  layers.push({ input: name, top: 262, left });
  const nameHeight = (await sharp(name).metadata()).height ?? 0;
  layers.push({
    input: { create: { width: 120, height: 8, channels: 4, background: TEAL } },
    top: Math.min(262 + nameHeight + 24, 500),
    left,
  });
  if (line) layers.push({ input: line, top: Math.min(262 + nameHeight + 56, 530), left });
  return sharp({
    create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: NAVY },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
