// The throughput section of BENCHMARKS.md from given figures: medians of the rounds, the share of the bare server
// (bold below the 80% target), the failed answers, and the baseline's name.
import { describe, expect, it } from "vitest";
import { type MeasuredServer, type ThroughputPair, throughputSection } from "./bench-throughput";

const server = (perSecond: number[], cpuMsPerAnswer?: number, wrong = 0): MeasuredServer => ({
  rounds: perSecond.map((rate) => ({ ok: rate * 5, wrong, errors: 0, seconds: 5, perSecond: rate })),
  cpuMsPerAnswer,
});

const pair = (label: string, ours: MeasuredServer, bare: MeasuredServer): ThroughputPair => ({
  label,
  bodyBytes: 23_124,
  ours,
  bare,
  load: ["1.00, 1.00, 1.00", "2.00, 2.00, 2.00"],
});

describe("the throughput section", () => {
  const section = throughputSection(
    [
      pair("before", server([6_000, 6_539, 8_007], 0.131), server([18_928, 20_579, 22_312], 0.039)),
      pair("now", server([9_000, 8_100, 8_500], 0.1), server([10_000, 10_400, 10_200], 0.03, 1)),
    ],
    "8bb2e79 The API contract test",
  );
  const row = (label: string, server: string) =>
    section.split("\n").find((line) => line.startsWith(`| ${label} | ${server}`)) ?? "";

  it("gives each server's median of the rounds and its rounds", () => {
    expect(row("before", "production")).toContain("| 6,539 | 6,000, 6,539, 8,007 |");
    expect(row("now", "bare")).toContain("| 10,200 | 10,000, 10,400, 10,200 |");
  });

  it("gives the share of the bare server, bold below the target", () => {
    expect(row("before", "production")).toContain("| **31.8%** |");
    expect(row("now", "production")).toContain("| 83.3% |");
  });

  it("gives the CPU per 1,000 answers, the failed answers, and names the baseline", () => {
    expect(row("before", "production")).toContain("| 131 ms | 0 |");
    expect(row("now", "bare")).toContain("| 30 ms | 3 |");
    expect(section).toContain('"before" is the build of 8bb2e79 The API contract test.');
    expect(section).toContain("23,124 B (before)");
  });
});
