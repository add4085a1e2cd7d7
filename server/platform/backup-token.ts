// `npm run backup` asks the running server for a backup (on the embedded database only the server may open it).
// The server proves the caller can read DATA_DIR: at start it writes a fresh random token there, readable by its
// own user only, and the local backup route accepts that token from this machine only.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const backupTokenFile = (dataDir: string) => join(dataDir, "backup-token");

export async function writeBackupToken(dataDir: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = backupTokenFile(dataDir);
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, `${token}\n`, { mode: 0o600 });
  // A file left by an older start keeps its mode through the rename; the new one is set explicitly.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return token;
}

/** The token of the server running on `dataDir`, or null when none has started there. */
export async function readBackupToken(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(backupTokenFile(dataDir), "utf8")).trim() || null;
  } catch {
    return null;
  }
}

export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
