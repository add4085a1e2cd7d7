import { describe, expect, it } from "vitest";
import {
  ChangeIntakeFormSchema,
  CreateIntakeFormSchema,
  daysRunning,
  defaultEnd,
  type IntakeFormValues,
  intakeFormValues,
} from "./intake-form";

const typed: IntakeFormValues = {
  courseType: "advanced",
  startDate: "2027-03-01",
  endDate: "",
  location: " Nadi ",
  seats: "",
  feeCents: "FJD 1,499.99",
  depositCents: "",
  dailyStart: "08:30",
  dailyEnd: "16:30",
  venueAddress: " Namaka Aviation Centre\nQueens Road, Nadi ",
  mapUrl: "https://maps.app.goo.gl/namaka",
  whatToBring: "Photo ID",
};
const joining = {
  dailyStart: "08:30",
  dailyEnd: "16:30",
  venueAddress: "Namaka Aviation Centre\nQueens Road, Nadi",
  mapUrl: "https://maps.app.goo.gl/namaka",
  whatToBring: "Photo ID",
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("intake form", () => {
  it("turns FJD into cents and leaves blank end date and seats to the server, with no deposit", () => {
    const result = CreateIntakeFormSchema.safeParse(typed);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      courseType: "advanced",
      startDate: "2027-03-01",
      location: "Nadi",
      feeCents: 149999,
      depositCents: null,
      ...joining,
    });
  });

  it("says what is wrong in the shared schema's words", () => {
    const result = CreateIntakeFormSchema.safeParse({ ...typed, feeCents: "abc", seats: "9", location: "" });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        "Fee must be an amount in FJD, like 350, 1,500 or 2,800.50",
        "Seats must be at most 8, the class maximum",
      ]),
    );
    expect(messages(result).some((message) => message.startsWith("Location"))).toBe(true);
  });

  it.each([
    ["1.500,00", "Fee must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["-300", "Fee cannot be negative"],
    ["300.001", "Fee can have at most two decimals (cents)"],
    ["", "Fee is required"],
    ["0", "Fee must be more than 0"],
  ])("refuses the fee %j: %s", (feeCents, message) => {
    expect(messages(CreateIntakeFormSchema.safeParse({ ...typed, feeCents }))).toEqual([message]);
  });

  it.each([
    [{ dailyStart: "8:30" }, "Start time must be a time of day, e.g. 08:30"],
    [{ dailyEnd: "08:30" }, "The end time must be after the start time."],
    [{ mapUrl: "http://maps.example/x" }, "Map link must be a web address starting with https://"],
    [{ mapUrl: "Namaka, by the airport" }, "Map link must be a web address starting with https://"],
  ])("refuses the joining instructions %j: %s", (change, message) => {
    expect(messages(CreateIntakeFormSchema.safeParse({ ...typed, ...change }))).toEqual([message]);
  });

  it("leaves the venue and map link out when not known yet", () => {
    const result = CreateIntakeFormSchema.safeParse({ ...typed, venueAddress: " ", mapUrl: "" });
    expect(result.data).toMatchObject({ venueAddress: "", mapUrl: "" });
  });

  it("changes every field but the course", () => {
    const result = ChangeIntakeFormSchema.safeParse({ ...typed, seats: "6", depositCents: "$300" });
    expect(result.data).toEqual({
      startDate: "2027-03-01",
      location: "Nadi",
      seats: 6,
      feeCents: 149999,
      depositCents: 30000,
      ...joining,
    });
  });

  it("shows an intake's amounts in FJD and counts its days", () => {
    const values = intakeFormValues({
      id: 1,
      courseType: "basic",
      startDate: "2027-02-26",
      endDate: "2027-03-02",
      location: "Suva",
      seats: 8,
      feeCents: 30000,
      depositCents: null,
      status: "open",
      held: 0,
      offered: 0,
      confirmed: 0,
      waitlisted: 0,
      paidCents: 0,
      dueCents: 0,
      createdAt: "2026-11-25T00:00:00.000Z",
      ...joining,
    });
    expect(values).toMatchObject({ seats: "8", feeCents: "300.00", depositCents: "", ...joining });
    expect(daysRunning(values)).toBe(5);
    expect(defaultEnd("2027-02-26", 5)).toBe("2027-03-02");
    expect(defaultEnd("2027-02", 5)).toBe("");
  });
});
