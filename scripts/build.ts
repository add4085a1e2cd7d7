// Production build: client bundle, build-time renderer, the compiled server, prerendered HTML for every route,
// precompressed assets. `--if-missing` skips the work when dist/ already matches the sources (scripts/lib/build-stamp.mjs).
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { buildInitialDatabase, buildServer } from "./lib/build-server";
import { buildIsCurrent, distDir, sourceFingerprint, stampFile } from "./lib/build-stamp.mjs";
import { precompressDir } from "./lib/precompress";
import { prerender } from "./lib/prerender";

const root = process.cwd();
const dist = distDir(root);

async function main(): Promise<void> {
  const fingerprint = sourceFingerprint(root);
  if (process.argv.includes("--if-missing") && existsSync(stampFile(dist))) {
    if (buildIsCurrent(root, dist)) return;
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
  await buildServer(root, dist);
  await buildInitialDatabase(dist);
  const pages = await prerender(dist);
  const compressed = await precompressDir(join(dist, "client"));
  writeFileSync(stampFile(dist), fingerprint);
  console.log(`Built ${pages} pages; precompressed ${compressed} files.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
