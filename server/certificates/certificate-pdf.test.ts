// The certificate is checked the way a reader sees it: its text and its QR image are read back out of the PDF (unpdf,
// which bundles PDF.js), not taken from what the renderer meant to draw.
import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import { extractImages, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { COMPANY } from "../../shared/company";
import {
  type CertificatePdfInput,
  certificateQrPng,
  NAME_SIZE,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  renderCertificatePdf,
} from "./certificate-pdf";

const INPUT: CertificatePdfInput = {
  issuer: COMPANY.legalName,
  holderName: "Mereoni Vakaloloma'a",
  title: "CAAF Basic RPAS Pilot Certificate",
  courseTitle: "Basic RPAS Pilot",
  startDate: "2026-03-02",
  endDate: "2026-03-06",
  location: "Suva, Viti Levu",
  issuedOn: "2026-03-09",
  expiresOn: "2028-03-09",
  number: "PSR-B-2026-0042",
  verifyUrl: "https://rpas.example.test/verify/k3F7x2M9qXw4T8bZrC5n6HjA",
};

interface TextRun {
  text: string;
  x: number;
  y: number;
  size: number;
  width: number;
}

// PDF.js takes over (detaches) the buffer it is given: each read gets its own copy.
const openPdf = (bytes: Uint8Array) => getDocumentProxy(new Uint8Array(bytes));

async function textRuns(bytes: Uint8Array): Promise<TextRun[]> {
  const page = await (await openPdf(bytes)).getPage(1);
  const content = await page.getTextContent();
  return content.items.flatMap((item) =>
    "str" in item && item.str !== ""
      ? [
          {
            text: item.str,
            x: item.transform[4],
            y: item.transform[5],
            size: item.transform[3],
            width: item.width,
          },
        ]
      : [],
  );
}

let standard: Promise<Uint8Array> | undefined;
/** INPUT's PDF, rendered once for the tests that only read it. */
const standardPdf = () => {
  standard ??= renderCertificatePdf(INPUT);
  return standard;
};

const texts = async (bytes: Uint8Array) => (await textRuns(bytes)).map((run) => run.text);

/** The PDF's one image, as RGBA pixels. */
async function embeddedImage(bytes: Uint8Array) {
  const images = await extractImages(await openPdf(bytes), 1);
  expect(images).toHaveLength(1);
  const [image] = images as [(typeof images)[number]];
  expect(image.channels).toBe(3);
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0; pixel < image.width * image.height; pixel++) {
    rgba.set(image.data.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    rgba[pixel * 4 + 3] = 255;
  }
  return { width: image.width, height: image.height, rgba };
}

// Rendering and reading a PDF back take a few hundred milliseconds each, more on a busy machine.
describe("certificate PDF", { timeout: 30_000 }, () => {
  it("carries the issuer, title, holder, course, dates, place, number and verification address as text", async () => {
    expect(await texts(await standardPdf())).toEqual([
      "PACIFIC SKY RPAS LIMITED",
      "CAAF Basic RPAS Pilot Certificate",
      "This certifies that",
      "Mereoni Vakaloloma'a",
      "has successfully completed the course",
      "Basic RPAS Pilot",
      "2 March 2026 to 6 March 2026, Suva, Viti Levu",
      "ISSUED ON",
      "9 March 2026",
      "VALID UNTIL",
      "9 March 2028",
      "CERTIFICATE NUMBER",
      "PSR-B-2026-0042",
      `Verify at ${INPUT.verifyUrl}`,
    ]);
  });

  it("says when a certificate does not expire, and gives a one-day class one date", async () => {
    const found = await texts(
      await renderCertificatePdf({ ...INPUT, expiresOn: null, endDate: INPUT.startDate, location: "Nadi" }),
    );
    expect(found).toContain("No expiry");
    expect(found).toContain("2 March 2026, Nadi");
    expect(found).not.toContain("9 March 2028");
  });

  it.each([
    "Mereoni Vakaloloma'a",
    "Āsha Prasād",
    "Ratu Sēmisi Naʻivalu",
    "Siobhán O’Connor",
    "Ēmosi Tuīlagi Ōvalau-Ūlu",
  ])("writes %s exactly as given, in the embedded font", async (holderName) => {
    const bytes = await renderCertificatePdf({ ...INPUT, holderName });
    expect(await texts(bytes)).toContain(holderName);
    const fonts = (await PDFDocument.load(bytes)).context
      .enumerateIndirectObjects()
      .map(([, object]) => object.toString())
      .filter((object) => object.includes("/FontFile2"));
    expect(fonts.length).toBeGreaterThan(0);
  });

  it("composes a name typed with combining marks, so the macron sits on its letter", async () => {
    const decomposed = "Āsha Prasād".normalize("NFD");
    expect(decomposed).not.toBe("Āsha Prasād");
    expect(await texts(await renderCertificatePdf({ ...INPUT, holderName: decomposed }))).toContain(
      "Āsha Prasād",
    );
  });

  it("shrinks a long name to fit, and a very long one onto two smaller lines, never past the border", async () => {
    const border = { left: 32, right: PAGE_WIDTH - 32 };
    const longest = "Ratu Sēmisi Naʻivalu Vakaloloma'a Prasād O’Connor ".repeat(5).slice(0, 200).trim();
    const withoutSpaces = "Ā".repeat(120);
    const cases = [
      { name: "Mereoni Ateca Vakaloloma'a Tuilagi Naʻivalu Prasād", lines: 1 },
      { name: longest, lines: 2 },
      { name: withoutSpaces, lines: 2 },
    ];
    for (const { name, lines } of cases) {
      const runs = await textRuns(await renderCertificatePdf({ ...INPUT, holderName: name }));
      for (const run of runs) {
        expect(run.x, run.text).toBeGreaterThanOrEqual(border.left);
        expect(run.x + run.width, run.text).toBeLessThanOrEqual(border.right);
      }
      const nameRuns = runs.slice(3, 3 + lines);
      expect(runs[3 + lines]?.text).toBe("has successfully completed the course");
      expect(nameRuns.map((run) => run.text).join(lines === 2 && name.includes(" ") ? " " : "")).toBe(name);
      for (const run of nameRuns) {
        expect(run.size).toBeLessThan(NAME_SIZE.maxSize);
        if (lines === 2) expect(run.size).toBeLessThanOrEqual(NAME_SIZE.minSize);
      }
      // Two lines stay between "This certifies that" and the line under the name.
      expect(nameRuns[0]?.y).toBeLessThan(runs[2]?.y ?? 0);
      expect(nameRuns.at(-1)?.y).toBeGreaterThan(runs[3 + lines]?.y ?? 0);
    }
    const short = await textRuns(await standardPdf());
    expect(short[3]?.size).toBe(NAME_SIZE.maxSize);
  });

  it("puts a long place on two lines inside the border", async () => {
    const location = `Training field, ${"Lot 12 Queens Road, Namaka, Nadi, Western Division, ".repeat(4)}Fiji`
      .slice(0, 200)
      .trim();
    const runs = await textRuns(await renderCertificatePdf({ ...INPUT, location }));
    const issued = runs.findIndex((run) => run.text === "ISSUED ON");
    const held = runs.slice(issued - 2, issued);
    expect(held.map((run) => run.text).join(" ")).toBe(`2 March 2026 to 6 March 2026, ${location}`);
    for (const run of held) {
      expect(run.size).toBeGreaterThanOrEqual(8);
      expect(run.x).toBeGreaterThanOrEqual(32);
      expect(run.x + run.width).toBeLessThanOrEqual(PAGE_WIDTH - 32);
      expect(run.y).toBeGreaterThan(runs[issued]?.y ?? 0);
    }
  });

  it("embeds the QR image of the verification address, which decodes back to that address", async () => {
    const image = await embeddedImage(await standardPdf());
    expect(jsQR(image.rgba, image.width, image.height)?.data).toBe(INPUT.verifyUrl);

    // The very image certificateQrPng makes (the one the e-mail and the tests can reuse), pixel for pixel.
    const png = PNG.sync.read(await certificateQrPng(INPUT.verifyUrl));
    expect([png.width, png.height]).toEqual([image.width, image.height]);
    expect(Buffer.from(image.rgba).equals(png.data)).toBe(true);
  });

  it("gives byte-identical output for the same input, and dates its metadata from the issue date", async () => {
    const first = await standardPdf();
    const second = await renderCertificatePdf({ ...INPUT });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(
      Buffer.from(first).equals(
        Buffer.from(await renderCertificatePdf({ ...INPUT, number: "PSR-B-2026-0043" })),
      ),
    ).toBe(false);

    const document = await PDFDocument.load(first, { updateMetadata: false });
    expect(document.getTitle()).toBe(
      "CAAF Basic RPAS Pilot Certificate: Mereoni Vakaloloma'a (PSR-B-2026-0042)",
    );
    expect(document.getAuthor()).toBe(COMPANY.legalName);
    expect(document.getCreationDate()?.toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(document.getModificationDate()?.toISOString()).toBe("2026-03-09T00:00:00.000Z");
  });

  it("is one A4 landscape page", async () => {
    const document = await PDFDocument.load(await standardPdf());
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([width, height]).toEqual([PAGE_WIDTH, PAGE_HEIGHT]);
    expect([PAGE_WIDTH, PAGE_HEIGHT]).toEqual([841.89, 595.28]);
  });
});
