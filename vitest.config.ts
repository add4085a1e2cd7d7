// Unit tests sit beside their code; API tests in tests/api run against a real database: an in-memory PGlite per
// file, and again against PostgreSQL (a schema per file) when TEST_DATABASE_URL is set. tests/site checks the
// built site as a whole.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { "@shared": here("./shared"), "@": here("./web") };
const setupFiles = [here("./tests/helpers/fail-on-console-error.ts")];

const apiProject = (name: string, testDb: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    setupFiles,
    env: { TEST_DB: testDb },
    globalSetup: testDb === "pglite" ? [here("./tests/helpers/pglite-snapshot.ts")] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "web/**/*.test.{ts,tsx}",
            "shared/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          setupFiles,
        },
      },
      apiProject("api-pglite", "pglite"),
      // The built site as a whole: valid HTML (vnu.jar, needs Java) and no dead link (ADR 040). Once, on PGlite.
      {
        resolve: { alias },
        test: {
          name: "site",
          include: ["tests/site/**/*.test.ts"],
          environment: "node",
          setupFiles,
          env: { TEST_DB: "pglite" },
          globalSetup: [here("./tests/helpers/pglite-snapshot.ts")],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgres")] : []),
    ],
  },
});
