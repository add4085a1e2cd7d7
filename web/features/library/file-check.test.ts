import { describe, expect, it } from "vitest";
import { fileProblem } from "./file-check";

const MB = 1024 * 1024;

describe("the upload dialogs' file check", () => {
  it("takes the five types up to 50 MB, whatever the case of the extension", () => {
    for (const name of ["a.pdf", "b.DOCX", "c.xlsx", "d.pptx", "e.zip"]) {
      expect(fileProblem({ name, size: 50 * MB })).toBeNull();
    }
  });

  it("refuses no file, another type and a file over 50 MB with the server's messages", () => {
    expect(fileProblem(null)).toBe("Choose a file to upload.");
    expect(fileProblem({ name: "notes.txt", size: 10 })).toBe(
      "Upload a PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx) or ZIP file.",
    );
    expect(fileProblem({ name: "no-extension", size: 10 })).toBe(
      "Upload a PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx) or ZIP file.",
    );
    expect(fileProblem({ name: "big.pdf", size: 50 * MB + 1 })).toBe(
      "The file is larger than 50 MB. Upload a smaller file.",
    );
  });
});
