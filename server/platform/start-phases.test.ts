import { describe, expect, it } from "vitest";
import { startPhases } from "./start-phases";

describe("startPhases", () => {
  it("reports each phase's own length and the total since the process started", () => {
    const clock = [900, 1500, 1520, 1700];
    const phases = startPhases(300, () => clock.shift() ?? 0);
    for (const name of ["database", "migrations", "listening", "first page"]) phases.mark(name);
    expect(phases.seconds()).toEqual({
      load: 0.3,
      database: 0.6,
      migrations: 0.6,
      listening: 0.02,
      "first page": 0.18,
      total: 1.7,
    });
    expect(phases.summary()).toBe(
      "started in 1.70 s (load 0.30 s, database 0.60 s, migrations 0.60 s, listening 0.02 s, first page 0.18 s)",
    );
  });

  it("reports a build the start ran first as a phase of its own", () => {
    const phases = startPhases(9_400, () => 10_000, 9_000);
    phases.mark("database");
    expect(phases.seconds()).toEqual({ build: 9, load: 0.4, database: 0.6, total: 10 });
    expect(phases.summary()).toBe("started in 10.00 s (build 9.00 s, load 0.40 s, database 0.60 s)");
  });
});
