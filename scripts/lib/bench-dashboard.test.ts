import { describe, expect, it } from "vitest";
import { medianOfRounds } from "./bench-dashboard";

describe("the dashboard figures over rounds", () => {
  it("takes each call's middle round, whatever the rounds' order", () => {
    const round = (summary: number, csv: number, bytes = 100) => [
      { call: "summary", medianMs: summary, bytes: 10 },
      { call: "CSV", medianMs: csv, bytes },
    ];
    expect(medianOfRounds([round(30, 900), round(12, 400), round(20, 700, 120)])).toEqual([
      { call: "summary", medianMs: 20, bytes: 10 },
      { call: "CSV", medianMs: 700, bytes: 120 },
    ]);
  });

  it("is the round itself when there is one", () => {
    const only = [{ call: "summary", medianMs: 14.5, bytes: 976 }];
    expect(medianOfRounds([only])).toEqual(only);
  });
});
