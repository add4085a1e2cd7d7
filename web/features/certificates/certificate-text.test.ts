import { describe, expect, it } from "vitest";
import { expiryText, isCurrent, numberText } from "./certificate-text";
import { passRateText } from "./pass-rates";

describe("how a certificate reads on the screens", () => {
  it("names later versions and says when it does not expire", () => {
    expect(numberText({ number: "PSR-B-2026-0042", version: 1 })).toBe("PSR-B-2026-0042");
    expect(numberText({ number: "PSR-B-2026-0042", version: 2 })).toBe("PSR-B-2026-0042 (version 2)");
    expect(expiryText({ expiresOn: null })).toBe("Does not expire");
    expect(expiryText({ expiresOn: "2028-03-02" })).toBe("2 March 2028");
  });

  it("lets staff act on the version a holder carries only", () => {
    expect(
      ["valid", "expired", "revoked", "replaced"].map((status) => isCurrent({ status } as never)),
    ).toEqual([true, true, false, false]);
  });

  it("gives the pass rate out of every trainee, in whole percent", () => {
    expect(passRateText({ passed: 2, trainees: 3 })).toBe("67%");
    expect(passRateText({ passed: 0, trainees: 0 })).toBe("No trainees");
  });
});
