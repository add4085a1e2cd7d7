// Development: Vite serves the app with hot reload on PORT (default 5000) and proxies /api to the Fastify server,
// which runs under `tsx watch` on API_PORT (default 5001) and restarts on every server change.
import { spawn } from "node:child_process";
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 5000);
const apiPort = Number(process.env.API_PORT ?? 5001);

const api = spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/index.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(apiPort),
    HOST: "127.0.0.1",
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    SERVE_SITE: "false",
  },
});

process.env.API_PORT = String(apiPort);
const vite = await createServer({
  server: { port, strictPort: true, host: process.env.HOST ?? "localhost" },
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await vite.close();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
api.once("exit", (code) => {
  if (code !== 0 && code !== null) console.error(`API server exited with code ${code}`);
});
