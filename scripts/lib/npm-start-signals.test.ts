// `npm start` as systemd, Docker or a terminal's Ctrl-C stops it: the signal goes to npm, and the server must get it
// and shut down (it logs "shutting down" with the signal and exits), never be left running without its parent.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { distDir } from "../../tests/helpers/test-app";
import { buildIsCurrent } from "./build-stamp.mjs";
import { answersHealth, productionServerEnv, spawnLogged } from "./server-process";

// Only on a current build (always in CI, where `npm test` builds first): otherwise `npm start` would build first.
const built = buildIsCurrent(process.cwd(), distDir);
const dataDirs: string[] = [];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  return check();
}

async function startAndStop(signal: "SIGTERM" | "SIGINT") {
  const dataDir = mkdtempSync(join(tmpdir(), "rpas-npm-start-"));
  dataDirs.push(dataDir, `${dataDir}-backups`);
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  const origin = `http://127.0.0.1:${port}`;
  const { child: npm, log } = spawnLogged(
    "npm",
    ["start"],
    productionServerEnv(port, dataDir, { PUBLIC_URL: origin, LOG_LEVEL: "info", DIST_DIR: distDir }),
  );
  const exited = new Promise<void>((done) => npm.once("exit", () => done()));
  expect(await answersHealth(origin, npm), log()).toBe(true);
  const serverPid = Number(/"pid":(\d+)/.exec(log())?.[1]);
  expect(serverPid).toBeGreaterThan(0);
  expect(serverPid).not.toBe(npm.pid);

  npm.kill(signal);
  await exited;
  expect(await until(() => !alive(serverPid), 15_000), `the server (pid ${serverPid}) is still running`).toBe(
    true,
  );
  expect(log()).toContain(`"signal":"${signal}","msg":"shutting down"`);
  await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
}

describe.skipIf(!built && !process.env.CI)("npm start passes stop signals to the server", () => {
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("SIGTERM to npm stops the server", { timeout: 120_000 }, async () => {
    await startAndStop("SIGTERM");
  });

  it("SIGINT to npm stops the server", { timeout: 120_000 }, async () => {
    await startAndStop("SIGINT");
  });
});
