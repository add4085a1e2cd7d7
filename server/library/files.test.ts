import { describe, expect, it } from "vitest";
import { officeFile, pdfFile, plainZip, zipOf } from "../../tests/api/library-fixtures";
import {
  checkContents,
  claimedType,
  cleanFileName,
  downloadFileName,
  newDocumentId,
  SNIFF_BYTES,
  versionKey,
} from "./files";

describe("library files", () => {
  it("keeps only the last path part of an uploaded name, without hidden characters", () => {
    expect(cleanFileName("C:\\Users\\mere\\Desktop\\Guide.pdf")).toBe("Guide.pdf");
    expect(cleanFileName("../../etc/passwd.pdf")).toBe("passwd.pdf");
    expect(cleanFileName("a\u0000b\u001f\u007fc\u202Efdp.exe")).toBe("abcfdp.exe");
    expect(cleanFileName("...hidden.pdf")).toBe("hidden.pdf");
    expect(cleanFileName(`${"x".repeat(300)}.docx`)).toBe(`${"x".repeat(195)}.docx`);
  });

  it("reads the claimed type from the extension, any case, and refuses others", () => {
    expect(claimedType("Plan.PDF")).toEqual({ ok: true, type: "pdf" });
    expect(claimedType("plan.pdf.exe").ok).toBe(false);
    expect(claimedType("plan").ok).toBe(false);
  });

  it("compares the bytes with the claimed type", async () => {
    expect(await checkContents(pdfFile(), "pdf")).toEqual({ ok: true, type: "pdf" });
    expect(await checkContents(officeFile("pptx"), "pptx")).toEqual({ ok: true, type: "pptx" });
    expect(await checkContents(plainZip(), "docx")).toEqual({
      ok: false,
      message: "The file is not a Word: its contents say ZIP.",
    });
    expect(await checkContents(Buffer.from("MZ\x90\x00"), "pdf")).toMatchObject({ ok: false });
    // Some writers put a thumbnail before the parts that say "Word": the first SNIFF_BYTES still reach them.
    const contentTypes = `<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
    const thumbnailFirst = zipOf([
      { name: "docProps/thumbnail.jpeg", data: Buffer.alloc(300_000, 7) },
      { name: "[Content_Types].xml", data: contentTypes },
      { name: "word/document.xml", data: "<document/>" },
    ]);
    expect(await checkContents(thumbnailFirst.subarray(0, SNIFF_BYTES), "docx")).toEqual({
      ok: true,
      type: "docx",
    });
  });

  it("names keys from the id and version only, and downloads from the title", () => {
    expect(versionKey("sms-3f", 2, "docx", "0b8e")).toBe("library/sms-3f/v2-0b8e.docx");
    expect(versionKey("sms-3f", 1, "pdf")).toBe("library/sms-3f/v1.pdf");
    expect(downloadFileName("ICAO Manual (Doc 10019)", "pdf")).toBe("ICAO-Manual-Doc-10019.pdf");
    expect(downloadFileName('Économie "quoted"', "xlsx")).toBe("Economie-quoted.xlsx");
    expect(downloadFileName("日本語", "zip")).toBe("document.zip");
    expect(newDocumentId("  Night Ops: 2026 Guide! ", "ab12")).toBe("night-ops-2026-guide-ab12");
    expect(newDocumentId("日本語", "ab12")).toBe("document-ab12");
  });
});
