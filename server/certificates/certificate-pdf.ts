// The certificate as a PDF (A4 landscape): issuer, title, holder, course, dates, place, number and a QR code of the
// verification address. DejaVu Serif is embedded (subset) because the standard PDF fonts cannot draw the macrons,
// diacritics and okina of Fijian and Indo-Fijian names. The same input gives the same bytes: the dates come from
// the issue date and the font subsets get fixed names, so a PDF rendered again after a crash is the one e-mailed.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { formatCalendarDate, formatIntakeDates } from "../../shared/calendar-dates";
import { fitText, sizeToFit } from "./pdf-text";

export interface CertificatePdfInput {
  /** The issuing company (COMPANY.legalName). */
  issuer: string;
  holderName: string;
  /** The certificate title, e.g. "CAAF Basic RPAS Pilot Certificate". */
  title: string;
  courseTitle: string;
  /** Fiji calendar dates, "YYYY-MM-DD". */
  startDate: string;
  endDate: string;
  location: string;
  issuedOn: string;
  expiresOn: string | null;
  /** "PSR-B-2026-0042". */
  number: string;
  /** What the QR code encodes: `${PUBLIC_URL}/verify/${code}`. */
  verifyUrl: string;
}

/** A4 landscape, in points. */
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;
const CENTER = PAGE_WIDTH / 2;
/** Text stays this far inside the page edge (inside the inner border). */
const TEXT_MARGIN = 70;
const TEXT_WIDTH = PAGE_WIDTH - 2 * TEXT_MARGIN;
const QR_SIZE = 96;

const NAVY = rgb(0.08, 0.18, 0.34);
const GOLD = rgb(0.71, 0.55, 0.2);
const INK = rgb(0.15, 0.15, 0.17);
const MUTED = rgb(0.38, 0.38, 0.42);

/** The holder's name: large when it fits, shrinking to this size, then two lines. */
export const NAME_SIZE = { max: 34, min: 18 } as const;

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSerif.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf",
  italic: "dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf",
} as const;
type FontStyle = keyof typeof FONT_FILES;
type Fonts = Record<FontStyle, PDFFont>;

let fontBytes: Promise<Record<FontStyle, Buffer>> | undefined;

/** Read once per process; resolved through the package, so it works from any working directory. */
function loadFontBytes(): Promise<Record<FontStyle, Buffer>> {
  fontBytes ??= (async () => {
    const [regular, bold, italic] = await Promise.all(
      (Object.values(FONT_FILES) as string[]).map((file) => readFile(require.resolve(file))),
    );
    return { regular, bold, italic } as Record<FontStyle, Buffer>;
  })();
  return fontBytes;
}

/** The QR code image that goes into the PDF: a PNG of the verification address. */
export function certificateQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 8 });
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  // Precomposed characters: the PDF positions glyphs one after another, so a separate combining macron would sit
  // beside its letter instead of on it.
  const text = (value: string) => value.normalize("NFC").trim();
  const issued = new Date(`${input.issuedOn}T00:00:00Z`);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${text(input.title)}: ${text(input.holderName)} (${input.number})`, {
    showInWindowTitleBar: true,
  });
  pdf.setAuthor(text(input.issuer));
  pdf.setSubject(`${text(input.title)} ${input.number}`);
  pdf.setCreator(text(input.issuer));
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  pdf.setLanguage("en");

  const bytes = await loadFontBytes();
  // Fixed subset names (tag + PostScript name) instead of pdf-lib's random suffix: the output must not vary.
  const fonts: Fonts = {
    regular: await pdf.embedFont(bytes.regular, { subset: true, customName: "PSRAAA+DejaVuSerif" }),
    bold: await pdf.embedFont(bytes.bold, { subset: true, customName: "PSRAAB+DejaVuSerif-Bold" }),
    italic: await pdf.embedFont(bytes.italic, { subset: true, customName: "PSRAAC+DejaVuSerif-Italic" }),
  };
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  drawBorder(page);

  const centered = (value: string, y: number, font: PDFFont, maxSize: number, color = INK) => {
    const size = sizeToFit(value, font, TEXT_WIDTH, maxSize);
    const width = font.widthOfTextAtSize(value, size);
    page.drawText(value, { x: CENTER - width / 2, y, size, font, color });
  };

  centered(text(input.issuer).toUpperCase(), 500, fonts.bold, 15, NAVY);
  centered(text(input.title), 446, fonts.bold, 30, NAVY);
  centered("This certifies that", 400, fonts.italic, 14, MUTED);
  drawHolderName(page, text(input.holderName), fonts.bold);
  centered("has successfully completed the course", 296, fonts.italic, 14, MUTED);
  centered(text(input.courseTitle), 268, fonts.bold, 20, NAVY);
  const held = `${formatIntakeDates({ startDate: input.startDate, endDate: input.endDate })}, ${text(input.location)}`;
  centered(held, 242, fonts.regular, 13);

  drawDetails(page, fonts, [
    ["Issued on", formatCalendarDate(input.issuedOn)],
    ["Valid until", input.expiresOn ? formatCalendarDate(input.expiresOn) : "No expiry"],
    ["Certificate number", input.number],
  ]);
  await drawQr(pdf, page, fonts.regular, input.verifyUrl);

  return pdf.save({ useObjectStreams: true });
}

function drawBorder(page: PDFPage): void {
  page.drawRectangle({
    x: 22,
    y: 22,
    width: PAGE_WIDTH - 44,
    height: PAGE_HEIGHT - 44,
    borderColor: NAVY,
    borderWidth: 4,
  });
  page.drawRectangle({
    x: 32,
    y: 32,
    width: PAGE_WIDTH - 64,
    height: PAGE_HEIGHT - 64,
    borderColor: GOLD,
    borderWidth: 1.2,
  });
  // A short rule under the title.
  page.drawLine({
    start: { x: CENTER - 60, y: 430 },
    end: { x: CENTER + 60, y: 430 },
    thickness: 1,
    color: GOLD,
  });
}

/** The name, centred on its line at y 344 (two lines straddle it); a gold rule under it. */
function drawHolderName(page: PDFPage, name: string, font: PDFFont): void {
  const fitted = fitText(name, font, {
    maxWidth: TEXT_WIDTH,
    maxSize: NAME_SIZE.max,
    minSize: NAME_SIZE.min,
  });
  const lineHeight = fitted.size * 1.25;
  const top = 344 + ((fitted.lines.length - 1) * lineHeight) / 2;
  fitted.lines.forEach((line, index) => {
    const width = font.widthOfTextAtSize(line, fitted.size);
    page.drawText(line, {
      x: CENTER - width / 2,
      y: top - index * lineHeight,
      size: fitted.size,
      font,
      color: INK,
    });
  });
  page.drawLine({
    start: { x: CENTER - 220, y: 318 },
    end: { x: CENTER + 220, y: 318 },
    thickness: 0.8,
    color: GOLD,
  });
}

/** Label over value, in columns along the bottom left. */
function drawDetails(page: PDFPage, fonts: Fonts, details: [string, string][]): void {
  const columnWidth = 150;
  details.forEach(([label, value], index) => {
    const x = TEXT_MARGIN + index * (columnWidth + 12);
    page.drawText(label.toUpperCase(), { x, y: 118, size: 8, font: fonts.bold, color: MUTED });
    const size = sizeToFit(value, fonts.regular, columnWidth, 12);
    page.drawText(value, { x, y: 100, size, font: fonts.regular, color: INK });
  });
  page.drawLine({
    start: { x: TEXT_MARGIN, y: 134 },
    end: { x: TEXT_MARGIN + 3 * columnWidth + 24, y: 134 },
    thickness: 0.6,
    color: GOLD,
  });
}

/** The QR code at the bottom right, "Verify at <address>" under it (right-aligned with it, shrunk to fit). */
async function drawQr(pdf: PDFDocument, page: PDFPage, font: PDFFont, verifyUrl: string): Promise<void> {
  const image = await pdf.embedPng(await certificateQrPng(verifyUrl));
  const right = PAGE_WIDTH - TEXT_MARGIN + 14;
  const bottom = 62;
  page.drawImage(image, { x: right - QR_SIZE, y: bottom, width: QR_SIZE, height: QR_SIZE });
  const caption = `Verify at ${verifyUrl}`;
  const size = sizeToFit(caption, font, 330, 7.5);
  page.drawText(caption, {
    x: right - font.widthOfTextAtSize(caption, size),
    y: bottom - 12,
    size,
    font,
    color: MUTED,
  });
}
