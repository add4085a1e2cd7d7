import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LineDestination, type WriteBytes } from "./log-lines";

/**
 * A destination whose turn ends when the test says (`endTurn`). Each write it makes is recorded in `writes`;
 * `pipe`, given the recording write, stands between (to take fewer bytes or refuse them).
 */
function destination(
  pipe?: (record: WriteBytes) => WriteBytes,
  extra: { maxPendingBytes?: number; retryMs?: number } = {},
) {
  const turns: (() => void)[] = [];
  const writes: string[] = [];
  const record: WriteBytes = (_fd, buffer, offset) => {
    writes.push(buffer.subarray(offset).toString());
    return buffer.length - offset;
  };
  const lines = new LineDestination({
    fd: 1,
    write: pipe ? pipe(record) : record,
    schedule: (flush) => turns.push(flush),
    now: () => 1700000000000,
    ...extra,
  });
  const endTurn = () => {
    for (const flush of turns.splice(0)) flush();
  };
  return { lines, writes, endTurn, turns };
}

// The child runs from a temporary directory: it finds Fastify where this test does.
const require = createRequire(import.meta.url);

const errno = (code: string) => Object.assign(new Error(code), { code });

describe("LineDestination", () => {
  it("writes the lines of a turn together, in order, once the turn ends", () => {
    const { lines, writes, endTurn, turns } = destination();
    lines.write("one\n");
    lines.write("two\n");
    lines.write("three\n");
    expect(writes).toEqual([]);
    expect(turns).toHaveLength(1);
    endTurn();
    expect(writes).toEqual(["one\ntwo\nthree\n"]);
    lines.write("four\n");
    endTurn();
    expect(writes).toEqual(["one\ntwo\nthree\n", "four\n"]);
  });

  it("goes on from where a partial write stopped, byte for byte", () => {
    const bytes: Buffer[] = [];
    // Three bytes at a time: splits the two-byte letters too (so they are kept as bytes, not decoded per write).
    const { lines, endTurn } = destination(() => (_fd, buffer, offset) => {
      const taken = buffer.subarray(offset, offset + 3);
      bytes.push(Buffer.from(taken));
      return taken.length;
    });
    lines.write('{"msg":"Nadi é Suva ü"}\n');
    lines.write("second\n");
    endTurn();
    expect(Buffer.concat(bytes).toString()).toBe('{"msg":"Nadi é Suva ü"}\nsecond\n');
  });

  it("keeps what a full pipe did not take and writes it first when the pipe takes bytes again", async () => {
    let full = true;
    const { lines, writes, endTurn } = destination(
      (record) => (fd, buffer, offset) => {
        if (!full) return record(fd, buffer, offset);
        // Takes the first four bytes, then is full.
        if (offset === 0) return record(fd, buffer.subarray(0, 4), 0);
        throw errno("EAGAIN");
      },
      { retryMs: 5 },
    );
    lines.write("first line\n");
    endTurn();
    expect(writes.join("")).toBe("firs");
    lines.write("second line\n");
    full = false;
    await new Promise((done) => setTimeout(done, 40));
    expect(writes.join("")).toBe("first line\nsecond line\n");
  });

  it("drops lines beyond its bound while the pipe is full, and says how many once it is not", async () => {
    let full = true;
    const { lines, writes, endTurn } = destination(
      (record) => (fd, buffer, offset) => {
        if (full) throw errno("EAGAIN");
        return record(fd, buffer, offset);
      },
      { maxPendingBytes: 30, retryMs: 5 },
    );
    lines.write("kept 1\n");
    endTurn();
    lines.write("kept 2\n");
    for (let i = 0; i < 5; i += 1) lines.write("this line is dropped\n");
    full = false;
    await new Promise((done) => setTimeout(done, 40));
    expect(writes.join("")).toBe(
      'kept 1\nkept 2\n{"level":40,"time":1700000000000,"msg":"5 log lines were dropped: standard output took nothing for a while"}\n',
    );
  });

  it("writes everything at once on flushSync and on pino's flush", () => {
    const { lines, writes } = destination();
    lines.write("before exit\n");
    lines.flushSync();
    expect(writes).toEqual(["before exit\n"]);
    lines.write("flushed\n");
    let called = false;
    lines.flush(() => {
      called = true;
    });
    expect(writes).toEqual(["before exit\n", "flushed\n"]);
    expect(called).toBe(true);
  });

  it("lets the lines go without throwing when standard output is closed", () => {
    const { lines, endTurn } = destination(() => () => {
      throw errno("EPIPE");
    });
    lines.write("nowhere to go\n");
    expect(endTurn).not.toThrow();
  });
});

describe("the server's logger on standard output, in a process of its own", () => {
  const dir = mkdtempSync(join(tmpdir(), "log-lines-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `body` after making the server's logger (`log`); resolves with what the process wrote to stdout. */
  function run(body: string, options: { readAfterMs?: number } = {}) {
    const file = join(dir, `child-${Math.random().toString(36).slice(2)}.ts`);
    writeFileSync(
      file,
      `import Fastify from ${JSON.stringify(require.resolve("fastify"))};
import { loggerOptions } from ${JSON.stringify(join(import.meta.dirname, "logging.ts"))};
const log = Fastify({ logger: loggerOptions("info") }).log;
${body}
`,
    );
    return new Promise<{ stdout: string; code: number | null }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["ignore", "pipe", "pipe"] });
      const chunks: Buffer[] = [];
      const read = () => child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk)).resume();
      // A reader that does not read at first fills the pipe: the child meets EAGAIN.
      if (options.readAfterMs) {
        child.stdout.pause();
        setTimeout(read, options.readAfterMs);
      } else read();
      child.on("error", reject);
      child.on("close", (code) => resolve({ stdout: Buffer.concat(chunks).toString(), code }));
    });
  }

  const numbers = (stdout: string) =>
    stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { n?: number }).n);
  /** 0, 1, … count - 1: the numbers the child logged, in order. */
  const upTo = (count: number) => Array.from({ length: count }, (_, n) => n);

  it("writes every line, in order, when the process exits in the same turn", async () => {
    const { stdout, code } = await run(
      "for (let n = 0; n < 2000; n += 1) log.info({ n }, 'line');\nprocess.exit(0);",
    );
    expect(code).toBe(0);
    expect(numbers(stdout)).toEqual(upTo(2000));
  }, 30_000);

  it("writes every line logged before an uncaught error ends the process", async () => {
    const { stdout, code } = await run(
      "for (let n = 0; n < 100; n += 1) log.info({ n }, 'line');\nthrow new Error('boom');",
    );
    expect(code).toBe(1);
    expect(numbers(stdout)).toEqual(upTo(100));
  }, 30_000);

  it("loses nothing when the pipe is full for a while (5 MB logged, read after 500 ms)", async () => {
    const body = `process.stdout; // as console.log would: node may make the pipe non-blocking
const text = "x".repeat(500);
let n = 0;
const more = () => {
  for (let i = 0; i < 500 && n < 10000; i += 1, n += 1) log.info({ n, text }, "line");
  if (n < 10000) setImmediate(more);
};
more();`;
    const { stdout, code } = await run(body, { readAfterMs: 500 });
    expect(code).toBe(0);
    expect(numbers(stdout)).toEqual(upTo(10000));
  }, 30_000);
});
