// Durability: a storm of enrollments, the server killed with SIGKILL in the middle of it, restarted on the same
// data. Every enrollment that was answered 2xx must be there afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { answersHealth, productionServerEnv } from "../../scripts/lib/server-process";
import { embeddedDatabaseInUse } from "../../server/platform/instance-lock";

const onPostgres = process.env.TEST_DB === "postgres";
const dataDir = mkdtempSync(join(tmpdir(), "rpas-crash-"));
const dbName = `crash_${randomBytes(5).toString("hex")}`;
const baseUrl = process.env.TEST_DATABASE_URL ?? "";
const databaseUrl = onPostgres ? baseUrl.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
let port = 0;
const children: ChildProcess[] = [];

function startServer(): Promise<ChildProcess> {
  port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn("npx", ["tsx", "server/index.ts"], {
    env: productionServerEnv(port, dataDir, {
      SERVE_SITE: "false",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      DATABASE_URL: databaseUrl ?? "",
    }),
    stdio: "ignore",
    detached: true,
  });
  children.push(child);
  return waitForHealth().then(() => child);
}

async function waitForHealth(): Promise<void> {
  if (!(await answersHealth(`http://127.0.0.1:${port}`))) throw new Error("server did not become healthy");
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function enroll(i: number): Promise<string | null> {
  const email = `storm-${i}@example.fj`;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/enrollment/basic`, {
      method: "POST",
      headers: { origin: `http://127.0.0.1:${port}`, "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Storm",
        lastName: String(i),
        email,
        phone: "+679 990 0000",
        highestEducation: "other",
        formStartedAt: Date.now() - 60_000,
      }),
    });
    return res.status === 201 ? email : null;
  } catch {
    return null; // connection cut by the kill: not acknowledged, so not promised
  }
}

async function storedEmails(): Promise<Set<string>> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ email: string }>("select email from enrollments");
    await client.end();
    return new Set(rows.map((r) => r.email));
  }
  const db = new PGlite(join(dataDir, "pglite"));
  const { rows } = await db.query<{ email: string }>("select email from enrollments");
  await db.close();
  return new Set(rows.map((r) => r.email));
}

afterAll(async () => {
  for (const child of children) killGroup(child, "SIGKILL");
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

describe(`crash safety on ${onPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("keeps every acknowledged enrollment through a SIGKILL", { timeout: 240_000 }, async () => {
    if (onPostgres) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
    }
    const first = await startServer();
    const acknowledged: string[] = [];
    let next = 0;
    const TOTAL = 400;
    const worker = async () => {
      while (next < TOTAL) {
        const email = await enroll(next++);
        if (email) acknowledged.push(email);
        if (acknowledged.length === 60) killGroup(first, "SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(acknowledged.length, "the kill must land mid-storm").toBeLessThan(TOTAL);

    // Restart on the same data: it must come up healthy, then every acknowledged row must be there.
    const second = await startServer();
    killGroup(second, "SIGTERM");
    await new Promise((resolve) => second.once("exit", resolve));
    // npx exits at the signal while the server under it may still be closing the database: wait for the server
    // itself to be gone (it holds the embedded database until it has closed it) before opening the files here.
    const closedBy = Date.now() + 60_000;
    while (!onPostgres && embeddedDatabaseInUse(dataDir) && Date.now() < closedBy) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stored = await storedEmails();
    const lost = acknowledged.filter((email) => !stored.has(email));
    expect(lost).toEqual([]);
  });
});
