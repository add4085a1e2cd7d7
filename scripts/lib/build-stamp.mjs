// Whether the build in DIST_DIR (default dist/) matches the sources: a digest of everything the build reads, written
// beside the build. Plain JavaScript so `npm start` (scripts/start.mjs) checks it with plain `node` in a few
// milliseconds (ADR 039); `node scripts/lib/build-stamp.mjs` exits 0 when the build is current and 1 when
// `npm run build` must run first.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** @param {string} dir @returns {Generator<string>} */
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** The build folder: DIST_DIR, or dist/ in the project. */
export function distDir(root = process.cwd()) {
  return resolve(process.env.DIST_DIR ?? join(root, "dist"));
}

/** Where the digest of the sources of the build in `dist` is kept. */
export function stampFile(dist) {
  return join(dist, "build-stamp");
}

/** A digest of everything the build reads (client, server, shared code, build scripts, locked packages). */
export function sourceFingerprint(root = process.cwd()) {
  const hash = createHash("sha256");
  const inputs = [
    ...files(join(root, "web")),
    ...files(join(root, "shared")),
    ...files(join(root, "server")),
  ];
  for (const extra of ["package.json", "package-lock.json", "vite.config.ts", "scripts/build.ts"]) {
    if (existsSync(join(root, extra))) inputs.push(join(root, extra));
  }
  for (const path of [...inputs, ...files(join(root, "scripts/lib"))].sort()) {
    hash.update(relative(root, path)).update(readFileSync(path));
  }
  return hash.digest("hex");
}

/** True when the build in `dist` was made from the sources as they are now. */
export function buildIsCurrent(root = process.cwd(), dist = distDir(root)) {
  const file = stampFile(dist);
  return existsSync(file) && readFileSync(file, "utf8") === sourceFingerprint(root);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = distDir();
  if (!buildIsCurrent(process.cwd(), dist)) {
    console.log(
      existsSync(stampFile(dist)) ? "Sources changed since the last build: rebuilding." : "Building...",
    );
    process.exit(1);
  }
}
