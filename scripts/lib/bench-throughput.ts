// Server throughput (issue 17 point 6): the production server's answers to one page, captured byte for byte; a
// bare node:http server that sends those same answers; and a load generator that keeps a fixed number of keep-alive
// connections busy and counts the complete 200 answers of the expected length.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import { compressBothLater } from "../../server/platform/compress";

/** One answer as it came over the wire: status, headers (node's own connection headers left out) and body. */
export interface CapturedAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** The answers to one path for a client that accepts brotli, one that accepts gzip only, and one that accepts neither. */
export interface CapturedAnswers {
  br: CapturedAnswer;
  gzip: CapturedAnswer;
  identity: CapturedAnswer;
}

/** The Accept-Encoding header Chromium sends: what the load asks with. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Headers node:http writes itself on every answer, so a copy must not send them twice. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** GET `path` without decoding the body (fetch would decompress it). */
export function rawGet(origin: string, path: string, acceptEncoding?: string): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    const request = httpRequest(new URL(path, origin), { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: copiedHeaders(response.headers),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

function copiedHeaders(headers: IncomingHttpHeaders): [string, string][] {
  return Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .flatMap(([name, value]): [string, string][] =>
      Array.isArray(value) ? value.map((one): [string, string] => [name, one]) : [[name, String(value)]],
    );
}

export function headerOf(answer: CapturedAnswer, name: string): string | undefined {
  return answer.headers.find(([key]) => key === name)?.[1];
}

/**
 * The server's answers to `path` once they are final: a page the server compressed quickly at first is recompressed
 * at the best level in the background (ADR 039), so the capture waits until the compressed answers are the best
 * compression of the page (compressBothLater, the server's own), not merely until two readings agree: a slow machine
 * may take longer between two readings than the recompression waits.
 */
export async function captureAnswers(origin: string, path: string, tries = 40): Promise<CapturedAnswers> {
  for (let i = 0; i < tries; i += 1) {
    const identity = await rawGet(origin, path, "identity");
    const best = await compressBothLater(identity.body);
    const br = await rawGet(origin, path, "br");
    const gzip = await rawGet(origin, path, "gzip");
    if (br.body.equals(best.br) && gzip.body.equals(best.gz)) return { br, gzip, identity };
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The answers to ${path} were not at their best compression after ${tries / 4} s`);
}

interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** The answers as JSON (bodies in base64), handed to the bare server's process (bench-bare-server.ts). */
export function storedAnswers(answers: CapturedAnswers): string {
  const store = (answer: CapturedAnswer): StoredAnswer => ({
    ...answer,
    body: answer.body.toString("base64"),
  });
  return JSON.stringify({
    br: store(answers.br),
    gzip: store(answers.gzip),
    identity: store(answers.identity),
  });
}

export function readStoredAnswers(text: string): CapturedAnswers {
  const stored = JSON.parse(text) as Record<keyof CapturedAnswers, StoredAnswer>;
  const load = (answer: StoredAnswer): CapturedAnswer => ({
    ...answer,
    body: Buffer.from(answer.body, "base64"),
  });
  return { br: load(stored.br), gzip: load(stored.gzip), identity: load(stored.identity) };
}

/** Which captured answer a request gets: the rule of the server's sendPage (brotli first, then gzip). */
export function answerFor(acceptEncoding: string | undefined, answers: CapturedAnswers): CapturedAnswer {
  const accepted = acceptEncoding ?? "";
  if (/\bbr\b/.test(accepted)) return answers.br;
  if (/\bgzip\b/.test(accepted)) return answers.gzip;
  return answers.identity;
}

/** A node:http server that sends the captured answers to every request, chosen by its Accept-Encoding. */
export function bareServer(answers: CapturedAnswers): Server {
  return createServer((request, response) => {
    const answer = answerFor(request.headers["accept-encoding"], answers);
    response.writeHead(answer.status, answer.headers.flat());
    response.end(answer.body);
  });
}

export interface LoadOptions {
  origin: string;
  path: string;
  acceptEncoding: string;
  /** Open keep-alive connections, each sending its next request when the answer before has arrived. */
  connections: number;
  /** A response counts when its status is 200 and its body this many bytes. */
  expectedLength: number;
  /** Asked before each request: false stops that connection. */
  keepGoing: () => boolean;
}

export interface LoadCount {
  /** Complete 200 answers of the expected length. */
  ok: number;
  /** Complete answers of another status or length. */
  wrong: number;
  /** Connections that failed or got an answer it could not read (no Content-Length, bytes after the body). */
  errors: number;
}

/**
 * Keeps `connections` sockets busy with GET requests until `keepGoing` says stop. It speaks HTTP/1.1 over plain
 * sockets and reads only the status line and Content-Length: node:http's own client costs about as much CPU per
 * request as the bare server it would measure, so it saturated its core first (12,000 requests per second against
 * 30,000 for this client on the same machine).
 */
export function generateLoad(options: LoadOptions): Promise<LoadCount> {
  const url = new URL(options.path, options.origin);
  const requestBytes = Buffer.from(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept-Encoding: ${options.acceptEncoding}\r\n\r\n`,
  );
  const count: LoadCount = { ok: 0, wrong: 0, errors: 0 };
  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(url.port || 80), url.hostname);
      socket.setNoDelay(true);
      let head: Buffer = Buffer.alloc(0);
      let remaining = -1;
      let status = 0;
      let length = 0;
      const stop = (failed: boolean) => {
        if (failed) count.errors += 1;
        socket.destroy();
        resolve();
      };
      const next = () => (options.keepGoing() ? socket.write(requestBytes) : stop(false));
      socket.on("connect", next);
      socket.on("error", () => stop(true));
      socket.on("data", (chunk: Buffer) => {
        let data = chunk;
        while (data.length > 0) {
          if (remaining < 0) {
            head = head.length > 0 ? Buffer.concat([head, data]) : data;
            const end = head.indexOf("\r\n\r\n");
            if (end < 0) return;
            const text = head.subarray(0, end).toString("latin1");
            const declared = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text);
            if (!declared) return stop(true);
            status = Number(text.slice(9, 12));
            length = Number(declared[1]);
            remaining = length;
            data = head.subarray(end + 4);
            head = Buffer.alloc(0);
          }
          const taken = Math.min(remaining, data.length);
          remaining -= taken;
          data = data.subarray(taken);
          if (remaining > 0) return;
          remaining = -1;
          if (status === 200 && length === options.expectedLength) count.ok += 1;
          else count.wrong += 1;
          // One request at a time per connection: anything more is not an answer to it.
          if (data.length > 0) return stop(true);
          next();
        }
      });
    });
  return Promise.all(Array.from({ length: options.connections }, connection)).then(() => count);
}

export interface Round extends LoadCount {
  seconds: number;
  perSecond: number;
}

/**
 * Load for `durationMs`: no request starts after it, and the time counted runs until the last answer has
 * arrived, so every counted answer falls inside it.
 */
export async function loadFor(options: Omit<LoadOptions, "keepGoing">, durationMs: number): Promise<Round> {
  const began = performance.now();
  const deadline = began + durationMs;
  const count = await generateLoad({ ...options, keepGoing: () => performance.now() < deadline });
  const seconds = (performance.now() - began) / 1000;
  return { ...count, seconds, perSecond: count.ok / seconds };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** "76.3%" (our requests per second as a share of the bare server's). */
export function formatRatio(ours: number, bare: number): string {
  if (!(bare > 0) || !Number.isFinite(ours)) return "n/a";
  return `${((ours / bare) * 100).toFixed(1)}%`;
}

/** "12,345" */
export function formatRate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString("en");
}
