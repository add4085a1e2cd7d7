// The server, compiled ahead of time (ADR 039): an ESM file, <dist>/server/index.js (and chunks it loads later), that plain `node` runs without
// transpiling anything at start. Packages stay outside the bundle and load from node_modules as they would under tsx.
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { build } from "rolldown";

/** Every package the server may import at run time: the production dependencies, and their subpaths. */
function dependencyPattern(root: string): RegExp {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const names = Object.keys(pkg.dependencies ?? {}).map((name) =>
    name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  return new RegExp(`^(${names.join("|")})(/.*)?$`);
}

/** server/index.ts and the modules it loads on first use (their own chunks): the certificate PDF, the e-mail HTML. */
const LAZY_OR_ENTRY =
  /server[\\/](index\.ts|certificates[\\/](certificate-pdf|pdf-text)\.ts|integrations[\\/]mail[\\/]email-html\.tsx)$/;

/** The compiled server of the build in `dist`. */
export function serverEntry(dist: string): string {
  return join(dist, "server", "index.js");
}

export async function buildServer(root: string, dist: string): Promise<void> {
  const outDir = join(dist, "server");
  await build({
    input: join(root, "server/index.ts"),
    platform: "node",
    external: dependencyPattern(root),
    logLevel: "warn",
    // Modules the server loads on first use (the certificate PDF) become chunks beside index.js, so paths relative
    // to import.meta.url mean the same in every file.
    output: {
      dir: outDir,
      entryFileNames: "index.js",
      chunkFileNames: "[name]-[hash].js",
      // Everything but the entry's own code and the lazy chunks goes in one shared chunk, so a lazy chunk imports
      // that one and never index.js, whose import would start a server.
      codeSplitting: { groups: [{ name: "app", test: (id: string) => !LAZY_OR_ENTRY.test(id) }] },
      format: "esm",
      sourcemap: true,
    },
  });
  // server/db/client.ts finds its migrations beside itself (`./migrations`), which in the bundle is dist/server/.
  cpSync(join(root, "server/db/migrations"), join(outDir, "migrations"), { recursive: true });
  // The file is ESM whatever package.json sits above a DIST_DIR outside the project.
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  // Node looks for packages in node_modules folders above the importing file: a build outside the project (DIST_DIR
  // in the tests) reaches the project's packages through a link. rmSync of the build removes the link, not its target.
  const inside = !relative(resolve(root), resolve(dist)).startsWith("..");
  const modules = join(dist, "node_modules");
  if (!inside && !existsSync(modules)) symlinkSync(join(resolve(root), "node_modules"), modules, "junction");
}

/** A migrated empty PGlite database, which a start on an empty DATA_DIR loads instead of running initdb (ADR 039). */
export async function buildInitialDatabase(dist: string): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { INITIAL_PGLITE_DATA, openDatabase } = await import("../../server/db/client");
  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir("gzip");
  writeFileSync(join(dist, "server", INITIAL_PGLITE_DATA), Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
