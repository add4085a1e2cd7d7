import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// DIST_DIR lets a second build (e.g. a test run) sit beside the main one without clobbering it.
const distDir = resolve(process.env.DIST_DIR ?? here("./dist"));

export default defineConfig({
  root: here("./web"),
  publicDir: here("./web/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@shared": here("./shared"), "@": here("./web") },
  },
  build: {
    outDir: join(distDir, "client"),
    emptyOutDir: true,
    manifest: true,
    // JSON-LD and the CSP hashes are the only inline content; keep assets as files for a strict CSP.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 5001}` },
  },
});
