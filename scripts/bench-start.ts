// `npm run bench -- --start`: how long `npm start` takes, once built, to answer 200 on GET / (ADR 039), on a warm
// DATA_DIR and on an empty one, best of 3 each, with the phases the server logs; then the first start of a fresh
// clone (an empty build folder: `npm start` builds first), once. BENCH_START_BEFORE=<a checkout of an earlier
// version, its packages installed> measures that checkout's `npm start` the same way, for the before and after.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { productionServerEnv } from "./lib/server-process";

const RUNS = 3;
const TIMEOUT_MS = 180_000;

export interface StartRun {
  ms: number;
  /** The phases the server logged ("started in ..."), when it logs them. */
  phases?: string;
}

export interface StartRow {
  label: string;
  /** Best of the runs (one run for a fresh clone). */
  best: StartRun;
  runs: number[];
}

/** Starts `npm start` in `cwd` and times it from the spawn to the first 200 on GET /; stops it again. */
async function timeStart(cwd: string, dist: string, dataDir: string, port: number): Promise<StartRun> {
  const origin = `http://127.0.0.1:${port}`;
  const began = performance.now();
  // Its own process group, so stopping it stops npm, its shell and the server.
  const child: ChildProcess = spawn("npm", ["start", "--silent"], {
    cwd,
    env: productionServerEnv(port, dataDir, { PUBLIC_URL: origin, LOG_LEVEL: "info", DIST_DIR: dist }),
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let log = "";
  let logged = () => {};
  child.stdout?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
    logged();
  });
  try {
    // Until the server says it listens ("Serving …", logged by every version, the baseline's too), wait for its
    // output instead of asking: a request every 20 ms from this process took CPU from the start it measures.
    while (!log.includes('"msg":"Serving ') && performance.now() - began < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}:\n${log}`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 1000);
        logged = () => {
          clearTimeout(timer);
          done();
        };
      });
    }
    while (performance.now() - began < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}:\n${log}`);
      const status = await fetch(`${origin}/`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) {
        const ms = performance.now() - began;
        await new Promise((done) => setTimeout(done, 300));
        const phases = /"msg":"(started in [^"]*)"/.exec(log)?.[1];
        return phases ? { ms, phases } : { ms };
      }
      await new Promise((done) => setTimeout(done, 20));
    }
    throw new Error(`npm start did not answer 200 on / within ${TIMEOUT_MS / 1000} s`);
  } finally {
    const exited = new Promise((done) => child.once("exit", done));
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  }
}

async function bestOf(label: string, runs: number, once: () => Promise<StartRun>): Promise<StartRow> {
  const results: StartRun[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await once());
  const best = results.reduce((a, b) => (b.ms < a.ms ? b : a));
  console.log(`  ${label}: ${results.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(", ")}`);
  return { label, best, runs: results.map((r) => r.ms) };
}

/** The rows of one checkout: warm, empty, and (with `fresh`) a first start that builds. */
async function checkoutRows(cwd: string, dist: string, name: string, fresh: boolean): Promise<StartRow[]> {
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  const temp = (prefix: string) => mkdtempSync(join(tmpdir(), `rpas-bench-start-${prefix}-`));
  // A data directory and the daily backup the server makes beside it.
  const remove = (dir: string) => {
    for (const path of [dir, `${dir}-backups`]) rmSync(path, { recursive: true, force: true });
  };
  const warmDir = temp("warm");
  const rows: StartRow[] = [];
  try {
    await timeStart(cwd, dist, warmDir, port); // makes the data directory warm; not counted
    rows.push(await bestOf(`${name}, warm DATA_DIR`, RUNS, () => timeStart(cwd, dist, warmDir, port)));
    rows.push(
      await bestOf(`${name}, empty DATA_DIR`, RUNS, async () => {
        const dir = temp("empty");
        try {
          return await timeStart(cwd, dist, dir, port);
        } finally {
          remove(dir);
        }
      }),
    );
    if (fresh) {
      const [freshDist, dir] = [temp("dist"), temp("empty")];
      try {
        rows.push(
          await bestOf(`${name}, fresh clone (builds first), empty DATA_DIR`, 1, () =>
            timeStart(cwd, join(freshDist, "dist"), dir, port),
          ),
        );
      } finally {
        rmSync(freshDist, { recursive: true, force: true });
        remove(dir);
      }
    }
  } finally {
    remove(warmDir);
  }
  return rows;
}

export async function benchStart(root: string, dist: string): Promise<StartRow[]> {
  const rows: StartRow[] = [];
  const before = process.env.BENCH_START_BEFORE;
  if (before) {
    console.log(`\nServer start before (npm start in ${before}):`);
    const beforeDist = mkdtempSync(join(tmpdir(), "rpas-bench-start-before-"));
    try {
      rows.push(...(await checkoutRows(resolve(before), join(beforeDist, "dist"), "before", false)));
    } finally {
      rmSync(beforeDist, { recursive: true, force: true });
    }
  }
  console.log("\nServer start (npm start, time to the first 200 on /):");
  rows.push(...(await checkoutRows(root, dist, "now", true)));
  return rows;
}

export function startSection(rows: readonly StartRow[]): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `## Server start

From running \`npm start\` (its build check included) to the first 200 on \`GET /\`, once built (ADR 039): on a
warm DATA_DIR (started once before) and on an empty one, best of ${RUNS}; the first start of a fresh clone builds
first and runs once. Targets: under 2 s warm, under 5 s empty. The phases are the server's own log line, counted
from the start of its process (npm and the build check come before it). \`npm run bench -- --start\` rewrites this
section (\`BENCH_START_BEFORE=<checkout>\` adds the rows of an earlier version).

| Start | Best | Runs | Phases of the best run |
| --- | ---: | --- | --- |
${rows.map((row) => `| ${row.label} | ${seconds(row.best.ms)} | ${row.runs.map(seconds).join(", ")} | ${row.best.phases ?? "(not logged)"} |`).join("\n")}
`;
}
