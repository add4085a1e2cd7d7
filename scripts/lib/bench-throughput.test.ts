// The throughput benchmark's parts that do not depend on time: which answer the bare server picks, the answers'
// round trip to its process, the load generator's count, and the figures' formatting. (The bare server against the
// production server's own answers: tests/api/bench-bare-server.test.ts.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  answerFor,
  BROWSER_ACCEPT_ENCODING,
  type CapturedAnswers,
  formatRate,
  formatRatio,
  generateLoad,
  median,
  readStoredAnswers,
  storedAnswers,
} from "./bench-throughput";

const answer = (text: string, encoding?: string) => ({
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ...(encoding ? [["content-encoding", encoding]] : []),
    ["content-length", String(Buffer.byteLength(text))],
  ] as [string, string][],
  body: Buffer.from(text),
});
const answers: CapturedAnswers = {
  br: answer("brotli", "br"),
  gzip: answer("gz", "gzip"),
  identity: answer("plain"),
};

describe("the bare server's choice of answer", () => {
  it("follows the server's sendPage: brotli when accepted, then gzip, else the page as it is", () => {
    expect(answerFor(BROWSER_ACCEPT_ENCODING, answers)).toBe(answers.br);
    expect(answerFor("br", answers)).toBe(answers.br);
    expect(answerFor("gzip, deflate", answers)).toBe(answers.gzip);
    expect(answerFor("identity", answers)).toBe(answers.identity);
    expect(answerFor("", answers)).toBe(answers.identity);
    expect(answerFor(undefined, answers)).toBe(answers.identity);
    // A word boundary, as in sendPage: "brotli" is not "br".
    expect(answerFor("brotli", answers)).toBe(answers.identity);
  });

  it("hands the answers to its process unchanged, bytes included", () => {
    const binary = { ...answers, br: { ...answers.br, body: Buffer.from([0, 255, 128, 10, 13]) } };
    const back = readStoredAnswers(storedAnswers(binary));
    expect(back.br.body.equals(binary.br.body)).toBe(true);
    expect(back.gzip).toEqual(binary.gzip);
    expect(back.identity.headers).toEqual(binary.identity.headers);
  });
});

describe("the load generator", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A server whose answers cycle through: right (200, 5 bytes), too long (200, 6 bytes), an error (500, 5 bytes). */
  async function cyclingServer(): Promise<{
    origin: string;
    served: () => number;
    keepAlive: () => boolean;
  }> {
    let count = 0;
    let reused = false;
    const sockets = new Set<unknown>();
    server = createServer((request, response) => {
      if (sockets.has(request.socket)) reused = true;
      sockets.add(request.socket);
      const kind = count % 3;
      count += 1;
      const body = kind === 1 ? "sixsix" : "fives";
      response.writeHead(kind === 2 ? 500 : 200, { "content-length": body.length });
      response.end(body);
    });
    await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, served: () => count, keepAlive: () => reused };
  }

  /** `requests` GETs of "/" spread over `connections`, counting 5-byte answers as the right length. */
  function requestsTo(origin: string, connections: number, requests: number) {
    let sent = 0;
    return generateLoad({
      origin,
      path: "/",
      acceptEncoding: "br",
      connections,
      expectedLength: 5,
      keepGoing: () => {
        sent += 1;
        return sent <= requests;
      },
    });
  }

  it("counts only complete 200 answers of the expected length, over connections it keeps open", async () => {
    const target = await cyclingServer();
    const count = await requestsTo(target.origin, 1, 30);
    expect(target.served()).toBe(30);
    expect(count).toEqual({ ok: 10, wrong: 20, errors: 0 });
    expect(target.keepAlive()).toBe(true);
  });

  it("sends from every connection at once, each its own requests", async () => {
    const target = await cyclingServer();
    const count = await requestsTo(target.origin, 4, 60);
    expect(target.served()).toBe(60);
    expect(count.ok + count.wrong).toBe(60);
    expect(count.ok).toBe(20);
  });

  it("reports a connection that cannot be opened", async () => {
    const target = await cyclingServer();
    await new Promise<void>((done) => server?.close(() => done()));
    server = undefined;
    const count = await generateLoad({
      origin: target.origin,
      path: "/",
      acceptEncoding: "br",
      connections: 2,
      expectedLength: 5,
      keepGoing: () => true,
    });
    expect(count).toEqual({ ok: 0, wrong: 0, errors: 2 });
  });
});

describe("the figures", () => {
  it("gives the share of the bare server as a percentage with one decimal", () => {
    expect(formatRatio(4_000, 5_000)).toBe("80.0%");
    expect(formatRatio(5_807, 15_453)).toBe("37.6%");
    expect(formatRatio(1, 0)).toBe("n/a");
    expect(formatRatio(Number.NaN, 10)).toBe("n/a");
  });

  it("takes the median of the rounds and writes rates with thousands separators", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(formatRate(15_453.4)).toBe("15,453");
  });
});
