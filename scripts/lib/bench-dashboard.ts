// The staff dashboard with 10,000 enrollments: the app over an in-memory PGlite, seeded in batches, then the calls
// the dashboard makes when it opens, pages, switches tab and searches, and the CSV export. Median of several runs.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { type Db, openDatabase } from "../../server/db/client";
import { enrollments } from "../../server/db/schema";
import { parseEnv } from "../../server/env";
import { createAdmin } from "../../server/staff/accounts";
import { COURSE_TYPES } from "../../shared/constants";
import { median } from "./bench-throughput";

export const DASHBOARD_ROWS = 10_000;
export const ORIGIN = "http://127.0.0.1:5000";

export interface DashboardTiming {
  call: string;
  medianMs: number;
  bytes: number;
}

export async function seedEnrollments(db: Db, count: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const i = start + offset;
      return {
        courseType: COURSE_TYPES[i % 3] ?? "basic",
        firstName: `Applicant${i}`,
        lastName: ["Ratu", "Naidu", "Koroi", "Singh", "Tuilagi"][i % 5] ?? "Ratu",
        email: `applicant${i}@example.fj`,
        phone: "+679 990 1234",
        highestEducation: "bachelor",
        hasDroneExperience: i % 2 === 0,
        additionalInfo: "Available for weekend classes. Holds a current first-aid certificate.",
        // Spread over the last 20 weeks so the chart has something to count.
        submittedAt: new Date(now - (i % 140) * 86_400_000 - i * 1000),
        isProcessed: i % 4 === 0,
      };
    });
    await db.insert(enrollments).values(batch);
  }
}

/** The production environment of an app the benchmarks build in process, with its data in `dataDir`. */
export function benchEnv(dataDir: string, extra: Record<string, string> = {}) {
  return parseEnv({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: "silent",
    ...extra,
  });
}

export const BENCH_STAFF = { username: "bench", password: "quiet-harbour-lantern-42" };

/** Signs the benchmark's staff account in through the real endpoint; answers the cookie header. */
export async function staffCookie(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: BENCH_STAFF,
    headers: { origin: ORIGIN },
  });
  return login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

async function signedInApp(
  dataDir: string,
): Promise<{ app: FastifyInstance; cookie: string; close: () => Promise<void> }> {
  // In memory, with the options of the app's own PGlite.
  const database = await openDatabase({});
  await database.migrate();
  const app = await buildApp({ env: benchEnv(dataDir), db: database.db, logger: false });
  await createAdmin(database.db, BENCH_STAFF.username, BENCH_STAFF.password);
  await seedEnrollments(database.db, DASHBOARD_ROWS);
  const cookie = await staffCookie(app);
  return {
    app,
    cookie,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const CALLS = [
  ["open: summary", "/api/enrollments/summary"],
  ["open: first page (25)", "/api/enrollments?tab=all&limit=25"],
  ["page 200 of All", "/api/enrollments?tab=all&limit=25&offset=4975"],
  ["Pending tab", "/api/enrollments?tab=pending&limit=25"],
  ["search 'koroi'", "/api/enrollments?tab=all&q=koroi&limit=25"],
  ["search counts", "/api/enrollments/summary?q=koroi"],
  ["CSV export (all rows)", "/api/enrollments/export.csv"],
] as const;

export async function benchDashboard(dataDir: string, runs = 5): Promise<DashboardTiming[]> {
  const { app, cookie, close } = await signedInApp(dataDir);
  try {
    const results: DashboardTiming[] = [];
    for (const [call, url] of CALLS) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const res = await app.inject({ method: "GET", url, headers: { cookie } });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
        bytes = res.rawPayload.length;
      }
      times.sort((a, b) => a - b);
      results.push({ call, medianMs: times[Math.floor(times.length / 2)] ?? 0, bytes });
    }
    return results;
  } finally {
    await close();
  }
}

/** Rounds of the calls in a full bench, each in a process of its own (bench.ts). */
export const DASHBOARD_ROUNDS = 7;
/**
 * Runs of each call in a round. With 5, the first page's median moved between 7.5 and 12.7 ms for the same build
 * from one round to the next (a collection falling in two runs of five or not), more than any change measured.
 */
export const DASHBOARD_RUNS = 11;

/** Each call's median over rounds (each round's figure itself a median of runs); the response size of the last. */
export function medianOfRounds(rounds: readonly (readonly DashboardTiming[])[]): DashboardTiming[] {
  return (rounds[0] ?? []).map(({ call }) => {
    const figures = rounds.map((round) => round.find((timing) => timing.call === call));
    return {
      call,
      medianMs: median(figures.map((timing) => timing?.medianMs ?? Number.NaN)),
      bytes: figures.at(-1)?.bytes ?? 0,
    };
  });
}

/**
 * The same calls measured by another checkout's own code (an earlier version, its packages installed), in a process
 * of its own: the before of the dashboard figures (BENCH_BASELINE).
 */
export function benchDashboardOf(checkout: string): DashboardTiming[] {
  const script = `import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchDashboard } from "./scripts/lib/bench-dashboard.ts";
const dir = mkdtempSync(join(tmpdir(), "rpas-bench-dashboard-"));
try { console.log(JSON.stringify(await benchDashboard(dir, ${DASHBOARD_RUNS}))); }
finally { for (const path of [dir, dir + "-backups"]) rmSync(path, { recursive: true, force: true }); }`;
  const out = execFileSync(
    join(checkout, "node_modules/.bin/tsx"),
    ["--input-type=module", "--eval", script],
    {
      cwd: checkout,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return JSON.parse(out.trim().split("\n").pop() ?? "[]") as DashboardTiming[];
}
