// A minimal, valid one-page PDF (PDF 1.4, Helvetica, plain text), written by hand: the seed needs real files for
// the six documents without a PDF library in the dependencies. The company it names is the one Settings hold when
// it is written (COMPANY, filled from them: ADR 036), never the seeded name.
import { COMPANY } from "../../shared/company";

/** PDF string literal: backslash, parentheses escaped; anything outside printable ASCII replaced. */
function pdfText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function simplePdf(title: string, paragraphs: string[], producer = COMPANY.name): Buffer {
  const body = paragraphs.flatMap((paragraph) => [...wrap(paragraph, 90), ""]);
  const stream = [
    "BT",
    "/F1 16 Tf",
    "56 780 Td",
    ...wrap(title, 60).flatMap((line) => [`(${pdfText(line)}) Tj`, "0 -22 Td"]),
    "/F1 10 Tf",
    "0 -10 Td",
    ...body.flatMap((line) => [`(${pdfText(line)}) Tj`, "0 -14 Td"]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (${pdfText(producer)}) >>`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
