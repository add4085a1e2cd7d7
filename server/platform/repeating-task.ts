import type { FastifyInstance } from "fastify";

/**
 * Runs `task` a little after start and then every `intervalMs`, for housekeeping that must keep going without anyone
 * asking (spam purge, renewal reminders, wallet status polls). A run that is still going when the next one is due is
 * not doubled; a failed run is logged and simply tried again next time. The timers never keep the process alive,
 * and closing the app waits for the run in progress so it never writes to a closed database.
 */
export function startRepeatingTask(
  app: FastifyInstance,
  options: { firstAfterMs: number; intervalMs: number; failure: string },
  task: () => Promise<unknown>,
): void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = task()
      .catch((error: unknown) => app.log.warn({ err: error }, options.failure))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, options.firstAfterMs);
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
