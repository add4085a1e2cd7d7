import { groupThousands } from "@shared/constants";
import { describe, expect, it } from "vitest";

describe("groupThousands", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    for (const value of [0, 7, 300, 999, 1000, 1500, 12_345, 1_234_567, 2500.4, 2500.6]) {
      expect(groupThousands(value)).toBe(value.toLocaleString("en-US", { maximumFractionDigits: 0 }));
    }
  });
});
