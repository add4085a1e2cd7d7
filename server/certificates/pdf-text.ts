// Fitting text into a box on the certificate: a name or place of any length must stay inside the border, so the size
// shrinks with the text, and past a minimum the text breaks onto a second line (at the space nearest the middle).
import type { PDFFont } from "pdf-lib";

export interface FittedText {
  size: number;
  lines: string[];
}

export interface FitOptions {
  maxWidth: number;
  /** The size when the text is short enough. */
  maxSize: number;
  /** Below this size the text goes onto two lines instead (which may shrink further, never past the box). */
  minSize: number;
}

/** The largest size (up to maxSize) at which `text` fits maxWidth on one line. */
export function sizeToFit(text: string, font: PDFFont, maxWidth: number, maxSize: number): number {
  const widthAtOne = font.widthOfTextAtSize(text, 1);
  return widthAtOne === 0 ? maxSize : Math.min(maxSize, maxWidth / widthAtOne);
}

/** One line when it fits at minSize or larger, otherwise the most even two-line split at minSize or smaller. */
export function fitText(text: string, font: PDFFont, options: FitOptions): FittedText {
  const oneLine = sizeToFit(text, font, options.maxWidth, options.maxSize);
  if (oneLine >= options.minSize) return { size: oneLine, lines: [text] };
  const [first, second] = evenSplit(text, font);
  const widest = Math.max(font.widthOfTextAtSize(first, 1), font.widthOfTextAtSize(second, 1));
  return { size: Math.min(options.minSize, options.maxWidth / widest), lines: [first, second] };
}

/** Two halves as close in width as the text allows: at a space when it has one, anywhere when it has none. */
function evenSplit(text: string, font: PDFFont): [string, string] {
  const characters = Array.from(text);
  const spaces = characters.flatMap((character, index) => (character === " " ? [index] : []));
  const candidates = spaces.length > 0 ? spaces : characters.map((_, index) => index).slice(1);
  let best: [string, string] = [text, ""];
  let bestWidth = Number.POSITIVE_INFINITY;
  for (const index of candidates) {
    const first = characters.slice(0, index).join("").trimEnd();
    const second = characters.slice(index).join("").trimStart();
    const width = Math.max(font.widthOfTextAtSize(first, 1), font.widthOfTextAtSize(second, 1));
    if (width < bestWidth) {
      best = [first, second];
      bestWidth = width;
    }
  }
  return best;
}
