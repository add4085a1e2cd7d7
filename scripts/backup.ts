// npm run backup: asks the running server for a backup now (on the embedded database only the server may read it).
// It proves itself with the token the server wrote to DATA_DIR/backup-token at start, on this machine only.
// Uses the same configuration as the server (DATA_DIR, PORT, HOST).
import { request } from "node:http";
import { ConfigError, isLoopbackHost, parseEnv } from "../server/env";
import { readBackupToken } from "../server/platform/backup-token";
import { type BackupMade, BackupMadeSchema } from "../shared/backups";

/** The server's address on this machine: its HOST when that is a loopback name, else 127.0.0.1. */
function serverHost(host: string): string {
  if (!isLoopbackHost(host)) return "127.0.0.1";
  return host.replace(/^\[(.*)\]$/, "$1");
}

function post(host: string, port: number, path: string, token: string) {
  // node:http rather than fetch: a large backup may take longer than fetch's five-minute header timeout.
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host,
        port,
        path,
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-length": 0 },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const env = parseEnv();
  const token = await readBackupToken(env.DATA_DIR);
  if (!token) {
    console.error(
      `No server has started on ${env.DATA_DIR} (no backup-token there). Start it (npm start), then run npm run backup.`,
    );
    return 1;
  }
  const host = serverHost(env.HOST);
  let answer: { status: number; body: string };
  try {
    answer = await post(host, env.PORT, "/api/backups/local", token);
  } catch (error) {
    console.error(
      `The server does not answer on ${host}:${env.PORT} (${(error as Error).message}). Is it running?`,
    );
    return 1;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = undefined;
  }
  if (answer.status !== 201) {
    const message = (body as { message?: string } | undefined)?.message ?? answer.body.slice(0, 200);
    console.error(`No backup was made (${answer.status}): ${message}`);
    return 1;
  }
  const made: BackupMade = BackupMadeSchema.parse(body);
  const files = `${made.files} ${made.files === 1 ? "file" : "files"}`;
  const contents = made.databaseIncluded
    ? `the database and ${files}`
    : `${files} (the database is PostgreSQL's: back it up with pg_dump or your provider)`;
  console.info(`Backup made: ${made.backup.name} (${megabytes(made.backup.byteSize)}) with ${contents}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
