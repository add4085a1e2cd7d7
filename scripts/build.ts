// Production build: client bundle, build-time renderer, prerendered HTML for every route, precompressed assets.
// `--if-missing` (used by `npm start`) skips the work when dist/ already matches the sources.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { build } from "vite";
import { precompressDir } from "./lib/precompress";
import { prerender } from "./lib/prerender";

const root = process.cwd();
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));
const stampFile = join(dist, "build-stamp");

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** A digest of everything the build reads, so a pulled change triggers a rebuild on the next start. */
function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const inputs = [...files(join(root, "web")), ...files(join(root, "shared"))];
  for (const extra of ["package-lock.json", "vite.config.ts", "scripts/build.ts"]) {
    if (existsSync(join(root, extra))) inputs.push(join(root, extra));
  }
  for (const path of [...inputs, ...files(join(root, "scripts/lib"))].sort()) {
    hash.update(relative(root, path)).update(readFileSync(path));
  }
  return hash.digest("hex");
}

async function main(): Promise<void> {
  const fingerprint = sourceFingerprint();
  if (process.argv.includes("--if-missing") && existsSync(stampFile)) {
    if (readFileSync(stampFile, "utf8") === fingerprint) return;
    console.log("Sources changed since the last build: rebuilding.");
  }
  rmSync(dist, { recursive: true, force: true });
  await build({ logLevel: "warn" });
  await build({
    logLevel: "warn",
    publicDir: false,
    // Self-contained, so a DIST_DIR outside the project still resolves React.
    ssr: { noExternal: true },
    // Two entries: the prerenderer, and the live-slot renderer the server loads at boot (ADR 029).
    build: {
      ssr: true,
      outDir: join(dist, "ssr"),
      emptyOutDir: true,
      manifest: false,
      rolldownOptions: { input: { "entry-server": "entry-server.tsx", "entry-live": "entry-live.tsx" } },
    },
  });
  const pages = await prerender(dist);
  const compressed = await precompressDir(join(dist, "client"));
  writeFileSync(stampFile, fingerprint);
  console.log(`Built ${pages} pages; precompressed ${compressed} files.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
