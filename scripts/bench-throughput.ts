// `npm run bench -- --throughput`: requests per second for `GET /` from the production server (the compiled server of
// DIST_DIR, NODE_ENV=production, as `npm start` runs it) and from a bare node:http server that sends the same bytes,
// side by side: rounds alternate between the two (issue 17 point 6). With a baseline (BENCH_BASELINE, an earlier
// commit's checkout and its build) that version's rows come first; a build without a compiled server is started as
// its `npm start` did, with tsx.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  BROWSER_ACCEPT_ENCODING,
  type CapturedAnswers,
  captureAnswers,
  formatRate,
  formatRatio,
  headerOf,
  loadFor,
  median,
  type Round,
  storedAnswers,
} from "./lib/bench-throughput";
import { answersHealth, cpuMs, freePort, productionServerEnv, settled } from "./lib/server-process";

export const CONNECTIONS = 16;
export const ROUND_SECONDS = 5;
// Seven: on a shared 2-core machine one round in three can swing by a fifth either way, on either server; the
// median of five still moved the share by ten points between runs of the same build.
export const ROUNDS = 7;
const WARM_UP_SECONDS = 5;
const PATH = "/";
/** The share of the bare server's requests per second the production server should keep. */
export const TARGET_SHARE = 0.8;

/** A server under load: where it answers, its process (for its CPU time), and how to stop it. */
interface Running {
  origin: string;
  pid: number;
  stop: () => Promise<void>;
}

export interface MeasuredServer {
  rounds: Round[];
  /** The server process's CPU time per answer counted, in milliseconds (Linux only). */
  cpuMsPerAnswer: number | undefined;
}

export interface ThroughputPair {
  label: string;
  bodyBytes: number;
  ours: MeasuredServer;
  bare: MeasuredServer;
  /** Load averages when the pair's measurement began and ended. */
  load: [string, string];
}

const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

function stopper(child: ChildProcess, cleanup: () => void): () => Promise<void> {
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    cleanup();
  };
}

/** The production server of `checkout`'s build in `dist`, on a temporary DATA_DIR, at its default log level. */
async function startProduction(checkout: string, dist: string): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "rpas-bench-throughput-"));
  const compiled = join(dist, "server", "index.js");
  // Before ADR 039 `npm start` ran the TypeScript with tsx; the loader's cost is at start, not per request.
  const args = existsSync(compiled) ? [compiled] : ["--import", "tsx", join(checkout, "server", "index.ts")];
  const child = spawn(process.execPath, args, {
    cwd: checkout,
    // LOG_LEVEL info is the default: each request is logged, as in production (to /dev/null here).
    env: productionServerEnv(port, dataDir, { PUBLIC_URL: origin, LOG_LEVEL: "info", DIST_DIR: dist }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = stopper(child, () => {
    // The data directory and the daily backup the server makes beside it.
    for (const dir of [dataDir, `${dataDir}-backups`]) rmSync(dir, { recursive: true, force: true });
  });
  if (child.pid !== undefined && (await answersHealth(origin, child))) {
    await settled(child.pid);
    return { origin, pid: child.pid, stop };
  }
  await stop();
  throw new Error(`The production server of ${dist} did not answer /api/health`);
}

/** The bare server in a process of its own, sending `answers`. */
async function startBare(root: string, answers: CapturedAnswers): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), "rpas-bench-bare-"));
  const file = join(dir, "answers.json");
  writeFileSync(file, storedAnswers(answers));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "scripts/lib/bench-bare-server.ts"), file],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const stop = stopper(child, () => rmSync(dir, { recursive: true, force: true }));
  const port = await new Promise<number>((done, fail) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) done(Number(out.trim()));
    });
    child.once("exit", (code) => fail(new Error(`The bare server exited with code ${code}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (child.pid === undefined) throw new Error("The bare server has no process id");
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}

async function round(server: Running, expectedLength: number, seconds: number): Promise<[Round, number?]> {
  const before = cpuMs(server.pid);
  const result = await loadFor(
    {
      origin: server.origin,
      path: PATH,
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
      connections: CONNECTIONS,
      expectedLength,
    },
    seconds * 1000,
  );
  const after = cpuMs(server.pid);
  return [result, before === undefined || after === undefined ? undefined : after - before];
}

function measured(results: [Round, number?][]): MeasuredServer {
  const rounds = results.map(([result]) => result);
  const answers = rounds.reduce((sum, result) => sum + result.ok, 0);
  const cpu = results.every(([, ms]) => ms !== undefined)
    ? results.reduce((sum, [, ms]) => sum + (ms ?? 0), 0)
    : undefined;
  return { rounds, cpuMsPerAnswer: cpu === undefined || answers === 0 ? undefined : cpu / answers };
}

/** One build: its production server and the bare server sending its bytes, rounds alternating. */
async function measurePair(
  root: string,
  checkout: string,
  dist: string,
  label: string,
): Promise<ThroughputPair> {
  const loadBefore = loadNow();
  const ours = await startProduction(checkout, dist);
  let bare: Running | undefined;
  try {
    // Warm up (the route, the live slots' data, the JIT), then capture once the page is recompressed.
    await round(ours, 0, 1);
    const answers = await captureAnswers(ours.origin, PATH);
    const expected = answers.br;
    if (expected.status !== 200 || headerOf(expected, "content-encoding") !== "br") {
      throw new Error(`GET ${PATH} answered ${expected.status} ${headerOf(expected, "content-encoding")}`);
    }
    // Under load for a while first: the JIT settles (the start's background recompression is over: settled()).
    await round(ours, expected.body.length, WARM_UP_SECONDS);
    bare = await startBare(root, answers);
    await round(bare, expected.body.length, 1);
    const oursRounds: [Round, number?][] = [];
    const bareRounds: [Round, number?][] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      oursRounds.push(await round(ours, expected.body.length, ROUND_SECONDS));
      bareRounds.push(await round(bare, expected.body.length, ROUND_SECONDS));
      const [o, b] = [oursRounds[i]?.[0], bareRounds[i]?.[0]];
      console.log(
        `  ${label} round ${i + 1}: production ${formatRate(o?.perSecond ?? 0)}/s, bare ${formatRate(b?.perSecond ?? 0)}/s`,
      );
    }
    return {
      label,
      bodyBytes: expected.body.length,
      ours: measured(oursRounds),
      bare: measured(bareRounds),
      load: [loadBefore, loadNow()],
    };
  } finally {
    await bare?.stop();
    await ours.stop();
  }
}

export async function benchThroughput(
  root: string,
  dist: string,
  baseline?: { root: string; dist: string },
): Promise<ThroughputPair[]> {
  console.log(
    `\nServer throughput, GET ${PATH} (${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each):`,
  );
  const pairs: ThroughputPair[] = [];
  if (baseline) pairs.push(await measurePair(root, baseline.root, baseline.dist, "before"));
  pairs.push(await measurePair(root, root, dist, "now"));
  return pairs;
}

export const oursPerSecond = (pair: ThroughputPair) => median(pair.ours.rounds.map((r) => r.perSecond));
export const barePerSecond = (pair: ThroughputPair) => median(pair.bare.rounds.map((r) => r.perSecond));

function rows(pair: ThroughputPair): string[] {
  const cpu = (server: MeasuredServer) =>
    server.cpuMsPerAnswer === undefined ? "" : `${(server.cpuMsPerAnswer * 1000).toFixed(0)} ms`;
  const rounds = (server: MeasuredServer) => server.rounds.map((r) => formatRate(r.perSecond)).join(", ");
  const failed = (server: MeasuredServer) =>
    server.rounds.reduce((sum, r) => sum + r.wrong + r.errors, 0).toLocaleString("en");
  const share = formatRatio(oursPerSecond(pair), barePerSecond(pair));
  const met = oursPerSecond(pair) >= TARGET_SHARE * barePerSecond(pair);
  return [
    `| ${pair.label} | production server | ${formatRate(oursPerSecond(pair))} | ${rounds(pair.ours)} | ${cpu(pair.ours)} | ${failed(pair.ours)} | ${met ? share : `**${share}**`} | ${pair.load[0]} / ${pair.load[1]} |`,
    `| ${pair.label} | bare node:http, same bytes | ${formatRate(barePerSecond(pair))} | ${rounds(pair.bare)} | ${cpu(pair.bare)} | ${failed(pair.bare)} | | |`,
  ];
}

/** The section; `baseline` names the earlier build of the "before" rows ("abc1234 subject"). */
export function throughputSection(pairs: readonly ThroughputPair[], baseline?: string | null): string {
  const bytes = pairs.map((pair) => `${pair.bodyBytes.toLocaleString("en")} B (${pair.label})`).join(", ");
  return `## Server throughput

Requests per second for \`GET /\` as Chromium asks for it (\`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\`, so the
brotli page: ${bytes}), from ${CONNECTIONS} keep-alive connections that each send the next request when the answer
has arrived, ${ROUND_SECONDS} s per round, ${ROUNDS} rounds alternating between the production server (the compiled
server, \`NODE_ENV=production\` and the default \`LOG_LEVEL=info\` as \`npm start\` runs it, its log to /dev/null) and a
bare \`node:http\` server in a process of its own that sends the status, headers and body bytes captured from the
production server (scripts/lib/bench-throughput.ts). Only complete 200 answers of the page's length count. The load
generator runs in the bench's process on the same machine, so the two servers share the machine with it and with
whatever else runs (load averages at the start and end of each pair below); the server CPU time per 1,000 answers
depends less on that load. Target: the production server at least ${TARGET_SHARE * 100}% of the bare server.
\`npm run bench -- --throughput\` rewrites this section; with \`BENCH_BASELINE\` the rows of that earlier build come first.${baseline ? ` "before" is the build of ${baseline}.` : ""}

| Build | Server | Requests/s (median) | Each round | Server CPU per 1,000 answers | Failed | Share of bare | Load average |
| --- | --- | ---: | --- | ---: | ---: | ---: | --- |
${pairs.flatMap(rows).join("\n")}
`;
}
