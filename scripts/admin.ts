// Staff accounts from the command line:
//   npm run admin -- create USERNAME         (asks for the password twice, or reads one line from stdin)
//   npm run admin -- set-password USERNAME   (also signs that account out everywhere)
//   npm run admin -- reset-2fa USERNAME      (turns two-factor off, e.g. a lost phone; signs the account out)
//   npm run admin -- set-role USERNAME owner (or staff; the way back in for a lost owner, audited; ADR 050)
//   npm run admin -- list
// Uses the same configuration as the server (DATABASE_URL, or the embedded database under DATA_DIR), says which,
// and refuses a database no server has set up (a DATA_DIR typed differently from the server's would otherwise get
// an account nobody can use) unless told with --init.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { asc, sql } from "drizzle-orm";
import { openDatabase, pgliteDir } from "../server/db/client";
import { adminUsers } from "../server/db/schema";
import { ConfigError, parseEnv } from "../server/env";
import { embeddedDatabaseInUse } from "../server/platform/instance-lock";
import { AccountError, createAdmin, findAdmin, setAdminPassword } from "../server/staff/accounts";
import { resetMfa } from "../server/staff/mfa";
import { passwordProblem } from "../server/staff/passwords";
import { setRoleFromCommandLine } from "../server/staff/staff-accounts";
import { STAFF_ROLES, type StaffRole } from "../shared/staff-accounts";

const USAGE =
  "Usage: npm run admin -- create USERNAME | set-password USERNAME | reset-2fa USERNAME | set-role USERNAME owner|staff | list\n" +
  "  add --init to set up a new database where no server has run yet";
const INIT_FLAG = "--init";

const isRole = (value: string | undefined): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value ?? "");

async function readLine(prompt: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: hidden });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      if (hidden) process.stderr.write("\n");
      resolve(answer);
    });
    muted = hidden;
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped: the first line is the password (`printf '%s\n' "$PASSWORD" | npm run admin -- create alice`).
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  const first = await readLine("Password: ", true);
  const second = await readLine("Repeat the password: ", true);
  if (first !== second) throw new AccountError("The two passwords differ.");
  return first;
}

/** Where the accounts are kept, in words: the embedded database's folder, or the PostgreSQL (without its password). */
function whereData(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl)
    return `the embedded database in ${resolve(pgliteDir(dataDir))} (DATA_DIR=${resolve(dataDir)})`;
  try {
    const url = new URL(databaseUrl);
    return `the PostgreSQL database "${url.pathname.slice(1)}" on ${url.host} (DATABASE_URL)`;
  } catch {
    return "the PostgreSQL database of DATABASE_URL";
  }
}

const notSetUp = (setting: string) =>
  `No server has run on this database yet, so it holds no site. Run this with the ${setting.split("=")[0]} the ` +
  `server uses (${setting} here), or add ${INIT_FLAG} to set up a new database here for a server to use later.`;

/** The server migrates at every start, so a database it ran on has drizzle's migrations table. */
async function migratedBefore(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<boolean> {
  const result = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    found: boolean;
  }[];
  return rows[0]?.found === true;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const init = args.includes(INIT_FLAG);
  const [command, username, role] = args.filter((arg) => arg !== INIT_FLAG);
  const known = ["create", "set-password", "reset-2fa", "set-role"].includes(command ?? "");
  if (command !== "list" && (!username || !known || (command === "set-role" && !isRole(role)))) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  console.error(`Using ${whereData(env.DATABASE_URL, env.DATA_DIR)}.`);
  if (!env.DATABASE_URL && embeddedDatabaseInUse(env.DATA_DIR)) {
    console.error(
      "The server is running on the embedded database, which only one process may open. Stop it first (to create " +
        "a missing account, ADMIN_USERNAME and ADMIN_PASSWORD at restart also do).",
    );
    return 1;
  }
  const needsPassword = command === "create" || command === "set-password";
  const password = needsPassword ? await readPassword() : "";
  // Refuse a weak password before the (slow) database open.
  const problem = needsPassword ? passwordProblem(password, username?.trim().toLowerCase()) : null;
  if (problem) throw new AccountError(problem);
  if (!env.DATABASE_URL && !init && !existsSync(`${pgliteDir(env.DATA_DIR)}/PG_VERSION`)) {
    console.error(notSetUp(`DATA_DIR=${resolve(env.DATA_DIR)}`));
    return 1;
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: pgliteDir(env.DATA_DIR) });
  try {
    if (env.DATABASE_URL && !init && !(await migratedBefore(database.db))) {
      console.error(notSetUp("DATABASE_URL"));
      return 1;
    }
    await database.migrate();
    if (command === "list") {
      const rows = await database.db
        .select({
          username: adminUsers.username,
          role: adminUsers.role,
          createdAt: adminUsers.createdAt,
          disabledAt: adminUsers.disabledAt,
        })
        .from(adminUsers)
        .orderBy(asc(adminUsers.username));
      for (const row of rows) {
        const state = row.disabledAt ? ", disabled" : "";
        console.info(`${row.username}\t${row.role}${state}\t(created ${row.createdAt.toISOString()})`);
      }
      if (rows.length === 0) console.info("No staff accounts yet.");
    } else if (command === "reset-2fa") {
      const admin = await findAdmin(database.db, username ?? "");
      if (!admin) throw new AccountError(`No staff account is named '${username?.trim().toLowerCase()}'.`);
      await resetMfa(database.db, admin.id);
      console.info(
        `Two-factor sign-in of '${admin.username}' turned off; its sessions were ended. ` +
          (admin.role === "owner"
            ? "As an owner, they set it up again (a new authenticator and recovery codes) at their next sign-in."
            : "It can be turned on again from the dashboard (Account security)."),
      );
    } else if (command === "set-role" && isRole(role)) {
      const name = username?.trim().toLowerCase();
      const changed = await setRoleFromCommandLine(database.db, username ?? "", role);
      console.info(
        changed
          ? `'${name}' is now ${role === "owner" ? "an owner" : "staff"}.`
          : `'${name}' already was ${role === "owner" ? "an owner" : "staff"}.`,
      );
    } else if (command === "create") {
      await createAdmin(database.db, username ?? "", password);
      console.info(`Staff account '${username?.trim().toLowerCase()}' created.`);
    } else {
      await setAdminPassword(database.db, username ?? "", password);
      console.info(`Password of '${username?.trim().toLowerCase()}' changed; its sessions were ended.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof AccountError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
