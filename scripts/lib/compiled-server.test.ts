// The server as `npm run build` compiles it, run by plain node as `npm start` runs it (ADR 039): on an empty
// DATA_DIR it starts from the build's migrated database, serves the site and the API, logs the phases of its start,
// and what it reads beside itself (migrations, certificate fonts from node_modules) resolves from the compiled file.
import { type ChildProcess, execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distDir } from "../../tests/helpers/test-app";
import { serverEntry } from "./build-server";
import { answersHealth, productionServerEnv, spawnLogged } from "./server-process";

const entry = serverEntry(distDir);
const compiled = existsSync(entry);
const dataDir = mkdtempSync(join(tmpdir(), "rpas-compiled-"));
const port = 21_000 + Math.floor(Math.random() * 20_000);
const origin = `http://127.0.0.1:${port}`;
let child: ChildProcess | undefined;
let log = () => "";

describe.skipIf(!compiled)("the compiled server under plain node", () => {
  beforeAll(async () => {
    const server = spawnLogged(
      process.execPath,
      [entry],
      productionServerEnv(port, dataDir, { PUBLIC_URL: origin, LOG_LEVEL: "info", DIST_DIR: distDir }),
    );
    child = server.child;
    log = server.log;
    if (!(await answersHealth(origin, child)))
      throw new Error(`no answer from the compiled server:\n${log()}`);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    // The server makes its daily backup beside DATA_DIR.
    for (const dir of [dataDir, `${dataDir}-backups`]) rmSync(dir, { recursive: true, force: true });
  });

  it("answers /api/health and the landing page on an empty DATA_DIR", async () => {
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    const landing = await fetch(`${origin}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await landing.text()).toContain(origin);
    // The database came from the build's migrated copy, not from initdb, and has every migration.
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
  });

  it("logs one line with the phases of its start", async () => {
    const deadline = Date.now() + 10_000;
    while (!log().includes("started in") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const line =
      log()
        .split("\n")
        .find((text) => text.includes("started in")) ?? "";
    const record = JSON.parse(line) as { msg: string; phases: Record<string, number>; firstStatus: number };
    expect(record.firstStatus).toBe(200);
    expect(Object.keys(record.phases)).toEqual([
      "load",
      "database",
      "migrations",
      "site",
      "app",
      "listening",
      "first page",
      "total",
    ]);
    expect(record.msg).toMatch(/^started in \d+\.\d\d s \(load \d+\.\d\d s, database /);
  });

  it("loads the certificate PDF chunk on demand, with its fonts found from the compiled file", async () => {
    const chunk = readdirSync(join(distDir, "server")).find((name) => /^certificate-pdf-.*\.js$/.test(name));
    expect(chunk).toBeDefined();
    const input = {
      issuer: "Example Ltd",
      holderName: "Mere Tuilagi",
      title: "CAAF Basic RPAS Pilot Certificate",
      courseTitle: "Basic RPAS",
      startDate: "2026-03-02",
      endDate: "2026-03-06",
      location: "Suva",
      issuedOn: "2026-03-06",
      expiresOn: null,
      number: "PSR-B-2026-0001",
      verifyUrl: `${origin}/verify/abc`,
    };
    const script = `const { renderCertificatePdf } = await import(${JSON.stringify(join(distDir, "server", chunk ?? ""))});
      const pdf = await renderCertificatePdf(${JSON.stringify(input)});
      process.stdout.write(Buffer.from(pdf.slice(0, 5)).toString());`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
    expect(stdout).toBe("%PDF-");
    // A node process of its own that loads pdf-lib: 5 s on a busy 2-core machine.
  }, 30_000);
});
