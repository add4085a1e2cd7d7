import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { embeddedDatabaseInUse } from "./instance-lock";

const onLinux = process.platform === "linux";

describe("embedded database lock", () => {
  it.runIf(onLinux)(
    "sees a running server as holding the database, and a killed, unreaped one as gone",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "rpas-lock-"));
      // The shell starts a stand-in server, prints its pid, then becomes a `sleep` that never reaps it: killed, the
      // stand-in stays a zombie, as a server does under a container's first process that never reaps.
      const parent = spawn("sh", ["-c", "sleep 60 & echo $!; exec sleep 60"], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once("data", (data) => resolve(String(data)))),
      );
      try {
        writeFileSync(join(dataDir, "server.pid"), `${pid}\n`);
        expect(embeddedDatabaseInUse(dataDir)).toBe(true);

        process.kill(pid, "SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(readFileSync(`/proc/${pid}/stat`, "utf8")).toMatch(/\) Z /);
        expect(embeddedDatabaseInUse(dataDir)).toBe(false);
      } finally {
        parent.kill("SIGKILL");
      }
    },
  );
});
