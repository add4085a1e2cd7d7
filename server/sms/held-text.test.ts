// The "seat held" text fits in 2 GSM-7 parts whatever the name and course: a name outside GSM-7 is left out, a
// typographic apostrophe becomes a plain one, and the longest course title still fits with both links.
import { describe, expect, it } from "vitest";
import { COURSES } from "../../shared/constants";
import { heldTextBody } from "./held-text";
import { gsmName, isGsm7, segments } from "./sms-text";

const LINK = "https://rpas.example.test/t/AbCdEfGhIj";
const longestTitle = Object.values(COURSES)
  .map((course) => course.title)
  .sort((a, b) => b.length - a.length)[0] as string;

describe("the seat-held text", () => {
  for (const typed of ["Mākereta", "O’Brien", "Alexandrina-Vasilisa"]) {
    it(`fits in 2 GSM-7 parts for ${typed}, with the longest course title and both links`, () => {
      const body = heldTextBody({
        firstName: gsmName(typed),
        courseTitle: longestTitle,
        startDate: "2027-12-28",
        confirm: { deadline: new Date("2027-12-01T02:05:00Z"), link: LINK },
        stop: LINK,
      });
      expect(isGsm7(body)).toBe(true);
      expect(segments(body).segments).toBeLessThanOrEqual(2);
      expect(body).toContain(`${longestTitle} course starting 28 December 2027 is held.`);
      expect(body).toContain(`Confirm by phone by 14:05 on 1 December 2027 to keep it: ${LINK}\n`);
      expect(body.endsWith(`\nStop texts: ${LINK}`)).toBe(true);
      if (typed === "Mākereta") expect(body.startsWith("Bula, your seat")).toBe(true);
      if (typed === "O’Brien") expect(body.startsWith("Bula O'Brien, your seat")).toBe(true);
    });
  }

  it("once the address is confirmed, says the hold waits for the review and has no confirm link", () => {
    const body = heldTextBody({
      firstName: "Mere",
      courseTitle: longestTitle,
      startDate: "2027-01-05",
      stop: LINK,
    });
    expect(body).not.toContain("Confirm by phone");
    expect(segments(body).segments).toBeLessThanOrEqual(2);
  });
});
