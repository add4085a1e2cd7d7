import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { ROUTES } from "./shared/routes";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// DIST_DIR lets a second build (e.g. a test run) sit beside the main one without clobbering it.
const distDir = resolve(process.env.DIST_DIR ?? here("./dist"));

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

function importersOf(id: string, graph: ModuleGraph): readonly string[] {
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  // lucide's index re-exports every icon: importing one icon through it says nothing about the others.
  return LUCIDE_ICON.test(id) ? importers.filter((importer) => !LUCIDE_INDEX.test(importer)) : importers;
}

/** Whether `root` imports `id` statically, directly or through other modules. */
function importedBy(root: string, id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (id === root) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return importersOf(id, graph).some((importer) => importedBy(root, importer, graph, seen));
}

const entryModule = here("./web/main.tsx");
const landingModule = here(`./web/${ROUTES.find((route) => route.path === "/")?.page}`);

/**
 * What the entry script needs (React, the query client, the router, the shared primitives) goes into one chunk: the
 * parts that hydrate on touch (ADR 047) made these modules shared with many lazy chunks, and the bundler had split
 * them into half a dozen small files every page loads.
 */
function appCoreChunk(id: string, graph: ModuleGraph): string | null {
  return id !== entryModule && importedBy(entryModule, id, graph) ? "app-core" : null;
}

/**
 * What the landing page shares with other routes (ui primitives, icons, form helpers) goes into one chunk, not one
 * tiny chunk per module: two dozen fewer requests on a first visit, each a round trip on a mobile network
 * (ADR 011). Landing components import their icons one by one ("lucide-react/icons/x") so this sees which they use.
 */
function landingSharedChunk(id: string, graph: ModuleGraph): string | null {
  if (!importedBy(landingModule, id, graph) || importedBy(entryModule, id, graph)) return null;
  return "landing-shared";
}

export default defineConfig(({ isSsrBuild }) => ({
  root: here("./web"),
  publicDir: here("./web/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: "@shared", replacement: here("./shared") },
      { find: "@", replacement: here("./web") },
    ],
  },
  build: {
    outDir: join(distDir, "client"),
    emptyOutDir: true,
    manifest: true,
    // Source maps only for measuring what a page's bytes are made of (BUILD_SOURCEMAP=1 npm run build); never served.
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    // No modulepreload polyfill: Chrome, Edge, Firefox and Safari 17+ preload natively; an older Safari still works,
    // it fetches each chunk when imported instead of ahead. The polyfill cost every landing visit 220 B (ADR 007).
    modulePreload: { polyfill: false },
    // JSON-LD and the CSP hashes are the only inline content; keep assets as files for a strict CSP.
    assetsInlineLimit: 0,
    // The build-time renderer (SSR build) is one file; chunking only matters to browsers.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Chunks are named by their hash alone: the route table lists every chunk a page needs for preloading,
            // and the module names ("my-training-page-", "dashboard-page-") cost every page's script 0.6 KB gzip.
            chunkFileNames: "assets/c-[hash].js",
            // minShareCount 2: modules only the landing page uses stay in its own route chunk.
            codeSplitting: {
              groups: [
                { name: appCoreChunk, debugName: "app-core" },
                {
                  name: landingSharedChunk,
                  debugName: "landing-shared",
                  minShareCount: 2,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 5001}` },
  },
}));
