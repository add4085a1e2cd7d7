// Staff accounts from the command line:
//   npm run admin -- create USERNAME         (asks for the password twice, or reads one line from stdin)
//   npm run admin -- set-password USERNAME   (also signs that account out everywhere)
//   npm run admin -- reset-2fa USERNAME      (turns two-factor off, e.g. a lost phone; signs the account out)
//   npm run admin -- set-role USERNAME owner (or staff; the way back in for a lost owner, audited; ADR 050)
//   npm run admin -- list
// Uses the same configuration as the server (DATABASE_URL, or the embedded database under DATA_DIR).
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { asc } from "drizzle-orm";
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
  "Usage: npm run admin -- create USERNAME | set-password USERNAME | reset-2fa USERNAME | set-role USERNAME owner|staff | list";

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

async function main(): Promise<number> {
  const [command, username, role] = process.argv.slice(2);
  const known = ["create", "set-password", "reset-2fa", "set-role"].includes(command ?? "");
  if (command !== "list" && (!username || !known || (command === "set-role" && !isRole(role)))) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
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
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: pgliteDir(env.DATA_DIR) });
  try {
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
