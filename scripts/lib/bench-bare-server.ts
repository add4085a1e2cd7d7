// The bare node:http server of the throughput benchmark as a process of its own (scripts/bench-throughput.ts), so
// it gets a core as the production server does: `node --import tsx bench-bare-server.ts <answers.json>` sends the
// captured answers, listens on a free port of 127.0.0.1 and prints that port as its first line.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { bareServer, readStoredAnswers } from "./bench-throughput";

const file = process.argv[2];
if (!file) throw new Error("usage: bench-bare-server.ts <answers.json>");
const server = bareServer(readStoredAnswers(readFileSync(file, "utf8")));
// Fastify's default: the same Keep-Alive header, and idle connections kept as long.
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => {
  console.log((server.address() as AddressInfo).port);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
