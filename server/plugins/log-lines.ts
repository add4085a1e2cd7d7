// Where the server's log lines go when no stream is given: standard output, the lines of one event-loop turn joined
// and written with one blocking write when the turn ends (ADR 043, addendum). Pino's default destination
// (sonic-boom, asynchronous) hands each line to libuv's thread pool and copies it into a Buffer again when the write
// returns; its synchronous mode still copies each line and schedules a "drain" tick per write. With one request line
// per answer of `GET /`, that was most of what the production server spent beyond the bare node:http server.
//
// Lines keep their order (every line of the logger passes here), and none is lost on a normal exit or a crash that
// reaches the "exit" event: the lines not yet written are written then. A full pipe (EAGAIN) keeps the bytes and
// tries again shortly; while it stays full, lines beyond MAX_PENDING_BYTES are counted and dropped rather than held,
// and a line says how many once the pipe takes bytes again.
import { writeSync } from "node:fs";

/** fs.writeSync's shape for a Buffer from an offset: the bytes written. */
export type WriteBytes = (fd: number, buffer: Buffer, offset: number) => number;

export interface LineDestinationOptions {
  fd: number;
  write?: WriteBytes;
  /** Runs `flush` once the current turn's work is done (setImmediate). */
  schedule?: (flush: () => void) => void;
  /** How long to wait before writing again into a full pipe. */
  retryMs?: number;
  /** What may wait unwritten while the pipe is full; lines beyond it are dropped and counted. */
  maxPendingBytes?: number;
  /** The time in a line about dropped lines (pino's epoch milliseconds). */
  now?: () => number;
}

const MAX_PENDING_BYTES = 16 * 1024 * 1024;
const RETRY_MS = 20;
/** How long an exit waits, at most, for a full pipe to take the last lines. */
const EXIT_WAIT_MS = 2000;

const isFull = (error: unknown) => (error as NodeJS.ErrnoException).code === "EAGAIN";

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export class LineDestination {
  /** This turn's lines, not yet written. */
  private pending = "";
  /** Bytes a full pipe has not taken yet: written before `pending`. */
  private held: Buffer | null = null;
  private scheduled = false;
  private retrying = false;
  private dropped = 0;
  private readonly fd: number;
  private readonly writeBytes: WriteBytes;
  private readonly schedule: (flush: () => void) => void;
  private readonly retryMs: number;
  private readonly maxPendingBytes: number;
  private readonly now: () => number;

  constructor(options: LineDestinationOptions) {
    this.fd = options.fd;
    this.writeBytes = options.write ?? ((fd, buffer, offset) => writeSync(fd, buffer, offset));
    this.schedule = options.schedule ?? ((flush) => setImmediate(flush));
    this.retryMs = options.retryMs ?? RETRY_MS;
    this.maxPendingBytes = options.maxPendingBytes ?? MAX_PENDING_BYTES;
    this.now = options.now ?? Date.now;
  }

  /** Pino's stream interface: one line, written when the turn ends. */
  write(line: string): void {
    // String length counts UTF-16 units, not bytes: close enough for a bound on memory.
    if (this.held !== null && this.held.length + this.pending.length + line.length > this.maxPendingBytes) {
      this.dropped += 1;
      return;
    }
    this.pending += line;
    if (!this.scheduled && !this.retrying) {
      this.scheduled = true;
      this.schedule(this.endOfTurn);
    }
  }

  /** Writes everything now, waiting (at most two seconds) for a full pipe: for exits and pino's flush. */
  flushSync(): void {
    const until = Date.now() + EXIT_WAIT_MS;
    while (!this.drain() && Date.now() < until) sleep(5);
  }

  /** Pino's `logger.flush(cb)`. */
  flush(done?: (error?: Error) => void): void {
    this.flushSync();
    done?.();
  }

  private readonly endOfTurn = () => {
    this.scheduled = false;
    this.writeOrRetry();
  };

  private writeOrRetry() {
    if (this.drain()) return;
    this.retrying = true;
    setTimeout(() => {
      this.retrying = false;
      this.writeOrRetry();
    }, this.retryMs).unref();
  }

  /** Writes what waits; false when the pipe is full and bytes are left (kept in `held`). */
  private drain(): boolean {
    if (this.pending === "" && this.held === null) return true;
    const fresh = Buffer.from(this.pending + this.droppedNote());
    this.pending = "";
    const out = this.held === null ? fresh : Buffer.concat([this.held, fresh]);
    this.held = null;
    let offset = 0;
    while (offset < out.length) {
      try {
        offset += this.writeBytes(this.fd, out, offset);
      } catch (error) {
        if (isFull(error)) {
          this.held = out.subarray(offset);
          return false;
        }
        // Standard output is closed or broken: there is nowhere left to write, so the lines go.
        return true;
      }
    }
    return true;
  }

  private droppedNote(): string {
    if (this.dropped === 0) return "";
    const note = `{"level":40,"time":${this.now()},"msg":"${this.dropped} log lines were dropped: standard output took nothing for a while"}\n`;
    this.dropped = 0;
    return note;
  }
}

let stdout: LineDestination | undefined;

/** The process's one destination on standard output, written out on exit. */
export function stdoutLines(): LineDestination {
  if (!stdout) {
    const destination = new LineDestination({ fd: 1 });
    process.once("exit", () => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}
