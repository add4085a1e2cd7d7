// Private files (docs/product.md, Private files; ADR 053): under the usual umask 022 everything the site writes under
// DATA_DIR and BACKUP_DIR is owner-only: the data directory 0700, the embedded database's files, the outbox's .eml
// copies, stored files and backup archives 0600. A data directory left looser by an older version is tightened at
// start, with a log line.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersHealth, freePort, productionServerEnv } from "../../scripts/lib/server-process";
import { openDatabase, pgliteDir } from "../../server/db/client";
import { mailText } from "../../server/integrations/mail/mail-text";
import { enqueueEmails } from "../../server/integrations/mail/outbox";
import { backUpNow } from "../../server/platform/backup";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { categoryIdNamed } from "../helpers/stored-rows";
import { sameSite, withTestApp } from "../helpers/test-app";
import { multipartBody, pdfFile } from "./library-fixtures";

const onPostgres = process.env.TEST_DB === "postgres";
const temp = (name: string) => mkdtempSync(join(tmpdir(), `rpas-private-${name}-`));
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and directory under `root` whose mode lets another account in, as "mode path". */
function looser(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const info = statSync(path);
    if ((info.mode & 0o077) !== 0) found.push(`${(info.mode & 0o777).toString(8)} ${path}`);
    if (info.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(root);
  return found;
}

const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

let umaskBefore = 0;
beforeAll(() => {
  umaskBefore = process.umask(0o022);
});
afterAll(() => {
  process.umask(umaskBefore);
});

describe("files the running site writes, under umask 022", () => {
  const dataDir = temp("data");
  const backupDir = temp("backups");
  const t = withTestApp({
    env: { DATA_DIR: dataDir, BACKUP_DIR: backupDir, RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
  });

  it("writes the outbox's .eml copies 0600 in a 0700 folder", async () => {
    await enqueueEmails(t.database.db, [
      {
        to: "litia@example.fj",
        subject: mailText`Your sign-in code`,
        text: mailText`Your code is 482913`,
        sensitive: true,
      },
    ]);
    await t.app.outbox.drain();
    const outbox = join(dataDir, "outbox");
    const [eml] = readdirSync(outbox);
    expect(eml).toMatch(/\.eml$/);
    expect(modeOf(join(outbox, eml ?? ""))).toBe(0o600);
    expect(modeOf(outbox)).toBe(0o700);
  });

  it("stores an uploaded file 0600, in 0700 folders", async () => {
    const staff = await createStaffAndSignIn(t.app, t.database.db);
    const { payload, contentType } = multipartBody([
      {
        name: "metadata",
        value: JSON.stringify({
          title: "Night Operations Guide",
          description: "How to plan and fly RPAS operations after dark in Fiji.",
          categoryId: await categoryIdNamed(t.database.db, "Operations"),
          type: "Guide",
          publish: { state: "now" },
        }),
      },
      { name: "file", fileName: "night-operations.pdf", value: pdfFile("Night Operations") },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/library/documents",
      payload,
      headers: { ...sameSite, cookie: staff, "content-type": contentType },
    });
    expect(res.statusCode).toBe(201);
    const files = join(dataDir, "files");
    const stored = filesUnder(files);
    expect(stored.some((path) => path.endsWith(".pdf"))).toBe(true);
    expect(looser(files)).toEqual([]);
  });

  it("writes a backup archive 0600", async () => {
    const made = await backUpNow(t.app.backups.source);
    expect(modeOf(join(backupDir, made.backup.name))).toBe(0o600);
    expect(looser(backupDir)).toEqual([]);
  });

  it("keeps the backup token and the data directory owner-only", () => {
    expect(modeOf(join(dataDir, "backup-token"))).toBe(0o600);
    expect(looser(dataDir)).toEqual([]);
  });
});

describe.skipIf(onPostgres)("the embedded database's files, under umask 022", () => {
  it("are 0600 in 0700 directories after migrations, a sweep and close (PGlite writes them 0666)", async () => {
    const dir = pgliteDir(temp("pglite"));
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    expect(looser(dir)).toEqual([]);
    // A new table is a new file, written 0666 again; the periodic sweep makes it private.
    await database.db.execute("create table private_files_check (x int)");
    await database.keepFilesPrivate?.();
    expect(looser(dir)).toEqual([]);
    expect(filesUnder(dir).length).toBeGreaterThan(100);
    await database.close();
    expect(looser(dir)).toEqual([]);
  });
});

// The real server start (server/index.ts), in a child process that inherits umask 022.
describe.skipIf(onPostgres)("the server's start on a data directory an older version left open", () => {
  const dataDir = temp("start");
  let child: ChildProcess | undefined;
  let output = "";
  afterAll(() => {
    if (child?.pid) process.kill(-child.pid, "SIGKILL");
  });

  it("tightens a 0755 directory with 0644 files, says so in the log, and creates the rest owner-only", async () => {
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, "outbox"), { mode: 0o755 });
    writeFileSync(join(dataDir, "outbox", "old-message.eml"), "Subject: old\r\n\r\nYour code is 111111\r\n", {
      mode: 0o644,
    });
    writeFileSync(join(dataDir, "session-secret"), `${"s".repeat(48)}\n`, { mode: 0o644 });
    expect(looser(dataDir).length).toBe(4);

    const port = await freePort();
    child = spawn("npx", ["tsx", "server/index.ts"], {
      env: productionServerEnv(port, dataDir, { SERVE_SITE: "false", LOG_LEVEL: "warn", DATABASE_URL: "" }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await answersHealth(`http://127.0.0.1:${port}`, child)).toBe(true);

    expect(output).toContain(
      `DATA_DIR: 4 files and directories under ${dataDir} were readable by other accounts; now owner-only`,
    );
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, "outbox", "old-message.eml"))).toBe(0o600);
    // The embedded database PGlite wrote at this start, the session secret and the backup token: all owner-only.
    expect(filesUnder(pgliteDir(dataDir)).length).toBeGreaterThan(100);
    expect(looser(dataDir)).toEqual([]);
  }, 120_000);
});
