// The timer-and-drain machinery of a durable outbox (the e-mails' and the texts'): a drain runs the outbox's loop,
// one at a time; a drain asked while one runs gets the loop after it, so it sees what was queued meanwhile; a kick
// asks for a drain without waiting; start() drains every interval; stop() waits for the loops in flight.

export interface DrainWorker {
  /** Sends everything that is due, until nothing is; resolves with the number of rows looked at. */
  drain(): Promise<number>;
  /** Ask for a drain soon (after a commit), without waiting for it. */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** A worker around `drainLoop`; `onError` hears a kicked drain that failed (nobody awaits it). */
export function drainWorker(
  drainLoop: () => Promise<number>,
  onError: (error: unknown) => void,
): DrainWorker {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  /** The next loop, for drains asked while one runs: it starts after that one ends, so it sees what they queued. */
  let queued: Promise<number> | undefined;
  let stopped = false;

  const worker: DrainWorker = {
    drain() {
      if (running) {
        // The running loop may be past its last look for work: whoever asks now gets the loop after it.
        queued ??= running
          .catch(() => 0)
          .then(() => {
            queued = undefined;
            return stopped ? 0 : worker.drain();
          });
        return queued;
      }
      running = drainLoop().finally(() => {
        running = undefined;
      });
      return running;
    },
    kick() {
      worker.drain().catch(onError);
    },
    start(intervalMs = 15_000) {
      stopped = false;
      timer ??= setInterval(() => worker.kick(), intervalMs);
      timer.unref();
      worker.kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopped = true;
      await running?.catch(() => undefined);
      await queued?.catch(() => undefined);
    },
  };
  return worker;
}
