// The certificate as a PDF (A4 landscape): issuer, title, holder, course, dates, place, number and a QR code of the
// verification address. DejaVu Serif is embedded (subset) because the standard PDF fonts cannot draw the macrons,
// diacritics and okina of Fijian and Indo-Fijian names. The same input gives the same bytes: the dates come from
// the issue date and the font subsets get fixed names, so a PDF rendered again after a crash is the one e-mailed.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from "pdf-lib";
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
const QR_SIZE = 110;

const NAVY = rgb(0.08, 0.18, 0.34);
const GOLD = rgb(0.71, 0.55, 0.2);
const INK = rgb(0.15, 0.15, 0.17);
const MUTED = rgb(0.38, 0.38, 0.42);

/** The holder's name: large when it fits, shrinking to this size, then two lines. */
export const NAME_SIZE = { maxSize: 34, minSize: 18 } as const;
const NAME_BASELINE = 326;

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

  const centered = (value: string, y: number, font: PDFFont, maxSize: number, color = INK) =>
    drawCentered(page, font, color, { text: value, y, maxSize, minSize: 0 });

  centered(text(input.issuer).toUpperCase(), 492, fonts.bold, 15, NAVY);
  centered(text(input.title), 436, fonts.bold, 30, NAVY);
  centered("This certifies that", 382, fonts.italic, 14, MUTED);
  // The name straddles its baseline when it takes two lines; a gold rule under it.
  drawCentered(page, fonts.bold, INK, {
    text: text(input.holderName),
    y: NAME_BASELINE,
    ...NAME_SIZE,
    straddle: true,
  });
  page.drawLine({
    start: { x: CENTER - 220, y: 298 },
    end: { x: CENTER + 220, y: 298 },
    thickness: 0.8,
    color: GOLD,
  });
  centered("has successfully completed the course", 268, fonts.italic, 14, MUTED);
  centered(text(input.courseTitle), 238, fonts.bold, 20, NAVY);
  const held = `${formatIntakeDates({ startDate: input.startDate, endDate: input.endDate })}, ${text(input.location)}`;
  // A long place name takes a second line rather than becoming unreadably small.
  drawCentered(page, fonts.regular, INK, { text: held, y: 212, maxSize: 13, minSize: 10 });

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
    start: { x: CENTER - 60, y: 418 },
    end: { x: CENTER + 60, y: 418 },
    thickness: 1,
    color: GOLD,
  });
}

/** Text centred on the page at `y`, shrunk to fit and past minSize on two lines (below `y`, or around it). */
function drawCentered(
  page: PDFPage,
  font: PDFFont,
  color: RGB,
  box: { text: string; y: number; maxSize: number; minSize: number; straddle?: boolean },
): void {
  const fitted = fitText(box.text, font, {
    maxWidth: TEXT_WIDTH,
    maxSize: box.maxSize,
    minSize: box.minSize,
  });
  const lineHeight = fitted.size * 1.25;
  const first = box.y + (box.straddle ? ((fitted.lines.length - 1) * lineHeight) / 2 : 0);
  fitted.lines.forEach((line, index) => {
    const width = font.widthOfTextAtSize(line, fitted.size);
    page.drawText(line, {
      x: CENTER - width / 2,
      y: first - index * lineHeight,
      size: fitted.size,
      font,
      color,
    });
  });
}

/** Label over value, in columns along the bottom left. */
function drawDetails(page: PDFPage, fonts: Fonts, details: [string, string][]): void {
  const columnWidth = 150;
  details.forEach(([label, value], index) => {
    const x = TEXT_MARGIN + index * (columnWidth + 12);
    page.drawText(label.toUpperCase(), { x, y: 134, size: 8, font: fonts.bold, color: MUTED });
    const size = sizeToFit(value, fonts.regular, columnWidth, 12);
    page.drawText(value, { x, y: 116, size, font: fonts.regular, color: INK });
  });
  page.drawLine({
    start: { x: TEXT_MARGIN, y: 150 },
    end: { x: TEXT_MARGIN + 3 * columnWidth + 24, y: 150 },
    thickness: 0.6,
    color: GOLD,
  });
}

/** The QR code at the bottom right, "Verify at <address>" under it (right-aligned with it, shrunk to fit). */
async function drawQr(pdf: PDFDocument, page: PDFPage, font: PDFFont, verifyUrl: string): Promise<void> {
  const image = await pdf.embedPng(await certificateQrPng(verifyUrl));
  const right = PAGE_WIDTH - TEXT_MARGIN + 14;
  const bottom = 64;
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
