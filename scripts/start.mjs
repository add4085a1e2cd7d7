// `npm start`: the compiled server of the build in DIST_DIR (default dist/), run by plain node in this process, so a
// start transpiles nothing (ADR 039). The build check runs here, not in a `prestart` script: that was a node process
// and a shell of its own, a tenth of a second of every start. Only a missing or outdated build runs the build first.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { buildIsCurrent, distDir, stampFile } from "./lib/build-stamp.mjs";

// Set here rather than as `NODE_ENV=production node ...` in package.json: with a variable before it, the shell npm
// starts the script in stays between npm and node, and npm's SIGTERM or SIGINT ends the shell but not the server
// (a stop from systemd or Docker left it running). A bare `node ...` is exec'd by the shell, so npm signals node.
process.env.NODE_ENV = "production";

const dist = distDir();
if (!buildIsCurrent(process.cwd(), dist)) {
  console.log(
    existsSync(stampFile(dist)) ? "Sources changed since the last build: rebuilding." : "Building...",
  );
  const build = spawnSync(process.execPath, ["--import", "tsx", join("scripts", "build.ts")], {
    stdio: "inherit",
    env: process.env,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The server's start log counts the build as a phase of its own (server/platform/start-phases.ts, BUILD_MARK).
  performance.mark("build");
}
await import(pathToFileURL(join(dist, "server", "index.js")).href);
