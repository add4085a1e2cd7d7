// The real production server as a child process (the benchmark, the crash test): its environment, waiting until it
// answers /api/health and until its start's background work is done, and a free port for it.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const HEALTH_TIMEOUT_MS = 90_000;

/** The environment of `server/index.ts` in production on 127.0.0.1:`port` with its data in `dataDir`; `extra` adds to it. */
export function productionServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ...extra,
  };
}

/**
 * Asks `origin`/api/health every 250 ms: true once it answers 2xx, false after 90 s. Given the server's process,
 * throws as soon as that process has exited instead of waiting out the 90 s.
 */
export async function answersHealth(origin: string, child?: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/** A server process whose output (stdout and stderr together) is kept as it comes, for the test to read. */
export function spawnLogged(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; log: () => string } {
  let log = "";
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, log: () => log };
}

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

/** utime + stime of a process in milliseconds, from /proc (clock ticks of 10 ms); undefined elsewhere. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Waits (up to 30 s) until the server has used under 30 ms of CPU in a second: after its start it recompresses its
 * pages at the best level in the background (ADR 039), which takes a core for several seconds. A visitor meets the
 * server in its steady state, and a measurement that shared the machine with that work measured the work too.
 */
export async function settled(pid: number): Promise<void> {
  const until = Date.now() + 30_000;
  let before = cpuMs(pid);
  while (before !== undefined && Date.now() < until) {
    await new Promise((done) => setTimeout(done, 1000));
    const now = cpuMs(pid);
    if (now === undefined || now - before < 30) return;
    before = now;
  }
}
