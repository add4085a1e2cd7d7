import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AdminEnrollment, CSV_COLUMNS } from "../../shared/admin";
import { csvFileName, enrollmentCells, enrollmentsCsv } from "./csv";

const base: AdminEnrollment = {
  id: 7,
  courseType: "advanced",
  firstName: "Litia",
  lastName: "Koro",
  email: "litia@example.fj",
  phone: "679 123 4567",
  address: null,
  dateOfBirth: null,
  highestEducation: "bachelor",
  educationDetails: null,
  hasDroneExperience: true,
  droneExperienceDetails: null,
  dronesFlown: null,
  totalFlyingHours: 62.5,
  totalPICHours: 40,
  aviationQualifications: null,
  teachingExperience: null,
  additionalInfo: null,
  submittedAt: "2025-03-01T02:05:00.000Z",
  isProcessed: false,
  processingNotes: null,
  processedAt: null,
  processedBy: null,
  googleSheetsSync: false,
};

/** RFC 4180, strictly: quoted fields may hold anything, quotes doubled; every record ends with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const end = text.indexOf('"', i);
        if (end < 0) throw new Error("unterminated quoted field");
        field += text.slice(i, end);
        i = end + 1;
        if (text[i] !== '"') break;
        field += '"';
        i += 1;
      }
    } else {
      const match = /[,\r"\n]/.exec(text.slice(i));
      const end = match ? i + match.index : text.length;
      if (text[end] === '"' || text[end] === "\n") throw new Error(`bad character at ${end}`);
      field = text.slice(i, end);
      i = end;
    }
    record.push(field);
    if (text[i] === ",") {
      i += 1;
    } else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}`);
    }
  }
  if (record.length > 0) throw new Error("last record without CRLF");
  return records;
}

const body = (csv: string) => parseCsv(csv.slice(1));

describe("enrollmentsCsv", () => {
  it("starts with a BOM and the column header staff expect, records ending in CRLF", () => {
    const csv = enrollmentsCsv([]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toBe(`\uFEFF${CSV_COLUMNS.join(",")}\r\n`);
    expect(body(csv)).toEqual([[...CSV_COLUMNS]]);
  });

  it("writes one row in column order with labels, Yes/No and Fiji time", () => {
    const [, row] = body(enrollmentsCsv([{ ...base, processingNotes: "Paid" }]));
    expect(row).toEqual([
      "7",
      "Advanced RPAS Pilot",
      "Litia",
      "Koro",
      "litia@example.fj",
      "679 123 4567",
      "Bachelor's Degree",
      "62.5",
      "40",
      "Yes",
      "2025-03-01 14:05",
      "No",
      "Paid",
    ]);
  });

  it("leaves unknown experience and hours empty", () => {
    const cells = enrollmentCells({
      ...base,
      hasDroneExperience: null,
      totalFlyingHours: null,
      totalPICHours: null,
      isProcessed: true,
    });
    expect(cells.slice(7, 12)).toEqual(["", "", "", "2025-03-01 14:05", "Yes"]);
    expect(enrollmentCells({ ...base, hasDroneExperience: false })[9]).toBe("No");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    const csv = enrollmentsCsv([
      {
        ...base,
        lastName: "Koro, Jr.",
        firstName: 'Litia "Lita"',
        processingNotes: "line one\r\nline two\nthree",
      },
    ]);
    expect(csv).toContain(',"Litia ""Lita""","Koro, Jr.",');
    expect(csv).toContain(',"line one\r\nline two\nthree"\r\n');
    const [, row] = body(csv);
    expect(row?.[2]).toBe('Litia "Lita"');
    expect(row?.[12]).toBe("line one\r\nline two\nthree");
  });

  it("keeps unicode names as they are", () => {
    const [, row] = body(enrollmentsCsv([{ ...base, firstName: "Sēmisi", lastName: "Tūpou 李 😀" }]));
    expect(row?.slice(2, 4)).toEqual(["Sēmisi", "Tūpou 李 😀"]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")'],
    ["+679 123 4567"],
    ["-2+3"],
    ["@SUM(A1:A2)"],
    ["\tTabbed"],
    ["\rReturn"],
  ])("neutralises a cell starting like a formula: %j", (value) => {
    const cells = enrollmentCells({ ...base, phone: value, processingNotes: value });
    expect(cells[5]).toBe(`'${value}`);
    expect(cells[12]).toBe(`'${value}`);
    const [, row] = body(enrollmentsCsv([{ ...base, processingNotes: value }]));
    expect(row?.[12]).toBe(`'${value}`);
  });

  it("does not touch text that only contains formula characters later", () => {
    expect(enrollmentCells({ ...base, processingNotes: "a=b, c+d @e -f" })[12]).toBe("a=b, c+d @e -f");
  });

  it("reads back every cell it wrote (property)", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 30 });
    const mixed = fc.oneof(
      text,
      fc.stringMatching(/^[=+\-@\t\r",\n a-zé]{0,12}$/),
      fc.constantFrom('"', ",", "\r\n", "=1+1", "+679"),
    );
    const row = fc.record({
      firstName: mixed,
      lastName: mixed,
      email: mixed,
      phone: mixed,
      processingNotes: fc.option(mixed),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (fields) => {
        const rows = fields.map((f, index) => ({ ...base, id: index + 1, ...f }));
        const [header, ...parsed] = body(enrollmentsCsv(rows));
        expect(header).toEqual([...CSV_COLUMNS]);
        expect(parsed).toHaveLength(rows.length);
        parsed.forEach((cells, index) => {
          const original = rows[index];
          if (!original) throw new Error("row missing");
          const given = [original.firstName, original.lastName, original.email, original.phone];
          expect(cells.slice(2, 6)).toEqual(given.map(expected));
          expect(cells[12]).toBe(expected(original.processingNotes ?? ""));
        });
      }),
    );
  });
});

/** What a cell must read back as: the value itself, with an apostrophe only in front of a formula-like start. */
function expected(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

describe("csvFileName", () => {
  it("names the file with the date in Fiji", () => {
    expect(csvFileName(new Date("2025-03-01T02:05:00Z"))).toBe("enrollments-2025-03-01.csv");
    // 13:30 UTC is already the next morning in Suva (UTC+12).
    expect(csvFileName(new Date("2025-06-30T13:30:00Z"))).toBe("enrollments-2025-07-01.csv");
  });
});
