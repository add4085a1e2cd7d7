// `npm start`: the compiled server of the build in DIST_DIR (default dist/), run by plain node in this process, so a
// start transpiles nothing (ADR 039). `prestart` has already rebuilt it if the sources changed.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { distDir } from "./lib/build-stamp.mjs";

await import(pathToFileURL(join(distDir(), "server", "index.js")).href);
