// The embedded database (PGlite) must be opened by one process at a time. The server leaves its pid in DATA_DIR
// while it runs, so `npm run admin` can refuse instead of corrupting the files under it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const lockFile = (dataDir: string) => join(dataDir, "server.pid");

/**
 * A killed server can linger as a zombie until its parent reaps it, and a container whose first process never
 * reaps keeps it forever: signal 0 still "reaches" it, so on Linux its state in /proc decides.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false; // no /proc (macOS) or the process is gone; signal 0 answered for it already
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function embeddedDatabaseInUse(dataDir: string): boolean {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return false;
  const pid = Number(readFileSync(file, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid);
}

export function holdEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockFile(dataDir);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return () => rmSync(file, { force: true });
}
