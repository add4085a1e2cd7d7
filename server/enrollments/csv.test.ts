import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AdminEnrollment, CSV_COLUMNS, EXPORT_COLUMNS, TRAINING_COLUMNS } from "../../shared/admin";
import { formatIntakeDates } from "../../shared/calendar-dates";
import { parseCsv } from "../../tests/helpers/csv";
import type { SeatState } from "../db/schema/training";
import { csvFileName, enrollmentCells, enrollmentsCsv } from "./csv";
import { type TrainingFacts, trainingSummary } from "./training-cells";

const base: Omit<AdminEnrollment, "training"> = {
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

const body = (csv: string) => parseCsv(csv.slice(1));

describe("enrollmentsCsv", () => {
  it("starts with a BOM and the column header staff expect, records ending in CRLF", () => {
    const csv = enrollmentsCsv([]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toBe(`\uFEFF${CSV_COLUMNS.join(",")},Intake,Place,Fee,Paid,Due\r\n`);
    expect(body(csv)).toEqual([[...EXPORT_COLUMNS]]);
    expect(EXPORT_COLUMNS.slice(0, CSV_COLUMNS.length)).toEqual([...CSV_COLUMNS]);
    expect(EXPORT_COLUMNS.slice(CSV_COLUMNS.length)).toEqual([...TRAINING_COLUMNS]);
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
      "Any upcoming date",
      "",
      "",
      "",
      "",
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
    expect(csv).toContain(',"line one\r\nline two\nthree",Any upcoming date,,,,\r\n');
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
        expect(header).toEqual([...EXPORT_COLUMNS]);
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

describe("the training cells", () => {
  const intake = { startDate: "2027-01-12", endDate: "2027-01-16", location: "Suva" };
  const place = (state: SeatState, extra: Partial<NonNullable<TrainingFacts["place"]>> = {}) => ({
    intake,
    place: {
      id: 7,
      intakeId: 3,
      state,
      offerExpiresAt: null,
      waitlistPosition: null,
      feeCents: 150_000,
      paidCents: 0,
      dueCents: 0,
      ...extra,
    },
  });
  const training = (facts: TrainingFacts | undefined) =>
    enrollmentCells(base, facts).slice(CSV_COLUMNS.length);

  it("names the intake and the place's state, with money written in full", () => {
    expect(training(place("held"))).toEqual([
      "12 January 2027 to 16 January 2027, Suva",
      "Held",
      "FJD 1,500.00",
      "FJD 0.00",
      "FJD 0.00",
    ]);
    const offered = place("offered", { offerExpiresAt: new Date("2027-01-05T00:00:00Z"), dueCents: 150_000 });
    expect(training(offered).slice(1)).toEqual([
      "Offered until 5 January 2027",
      "FJD 1,500.00",
      "FJD 0.00",
      "FJD 1,500.00",
    ]);
    expect(training(place("waitlisted", { waitlistPosition: 3 }))[1]).toBe("Waitlisted (#3)");
    const paid = place("confirmed", { paidCents: 50_000, dueCents: 100_000 });
    expect(training(paid).slice(1)).toEqual(["Confirmed", "FJD 1,500.00", "FJD 500.00", "FJD 1,000.00"]);
    for (const [state, label] of [
      ["declined", "Declined"],
      ["lapsed", "Lapsed"],
      ["cancelled", "Cancelled"],
    ] as const) {
      expect(training(place(state))[1]).toBe(label);
    }
  });

  it("says beside the card's badge where the place stands, and which place to open", () => {
    const status = (facts: TrainingFacts) => trainingSummary(facts).status;
    expect(status(place("held"))).toBe("Place: Held");
    expect(status(place("offered", { dueCents: 150_000 }))).toBe("Place: Offered — due FJD 1,500.00");
    expect(status(place("confirmed", { paidCents: 50_000, dueCents: 100_000 }))).toBe(
      "Place: Confirmed — due FJD 1,000.00",
    );
    expect(status(place("confirmed", { paidCents: 150_000 }))).toBe("Place: Confirmed");
    expect(status(place("waitlisted", { waitlistPosition: 2 }))).toBe("Waitlisted (#2)");
    expect(status(place("cancelled"))).toBe("Place: Cancelled");
    expect(status(place("confirmed", { result: "not_yet_competent" }))).toBe("Not yet competent");
    expect(status(place("confirmed", { result: "withdrew" }))).toBe("Withdrew");
    expect(status(place("confirmed", { result: "passed" }))).toBe("Passed");
    expect(status(place("confirmed", { result: "passed", certificate: "valid" }))).toBe("Certified");
    expect(status(place("confirmed", { result: "passed", certificate: "revoked" }))).toBe(
      "Certificate revoked",
    );
    expect(trainingSummary(place("held")).placeLink).toEqual({ intakeId: 3, placeId: 7 });
    expect(trainingSummary({ intake, place: null })).toMatchObject({ status: null, placeLink: null });
  });

  it("reads 'Any upcoming date' with empty place and money cells when there is no intake", () => {
    expect(training(undefined)).toEqual(["Any upcoming date", "", "", "", ""]);
    expect(training({ intake: null, place: null })).toEqual(["Any upcoming date", "", "", "", ""]);
    expect(training({ intake, place: null })).toEqual([`${formatIntakeDates(intake)}, Suva`, "", "", "", ""]);
  });

  it("never starts any cell like a formula, whatever staff typed as the place (property)", () => {
    const risky = fc.stringMatching(/^[=+\-@\t\r a-z,'"!]{0,20}$/);
    fc.assert(
      fc.property(risky, risky, (location, notes) => {
        const cells = enrollmentCells(
          { ...base, firstName: location, processingNotes: notes },
          { intake: { ...intake, location }, place: null },
        );
        expect(cells).toHaveLength(EXPORT_COLUMNS.length);
        for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(cells[CSV_COLUMNS.length]).toBe(`${formatIntakeDates(intake)}, ${location}`);
      }),
    );
  });
});

describe("csvFileName", () => {
  it("names the file with the date in Fiji", () => {
    expect(csvFileName(new Date("2025-03-01T02:05:00Z"))).toBe("enrollments-2025-03-01.csv");
    // 13:30 UTC is already the next morning in Suva (UTC+12).
    expect(csvFileName(new Date("2025-06-30T13:30:00Z"))).toBe("enrollments-2025-07-01.csv");
  });
});
