// Holding a page's scripts back, as a slow connection does, so a test can act on the painted page before any of its
// own code has run, then let them arrive, in shuffled order, and check each effect happened exactly once.
import type { Page, Route } from "@playwright/test";

const SCRIPTS = /\/assets\/.*\.js$/;

export interface HeldScripts {
  /** How many script requests are waiting. */
  count(): number;
  /** Lets every held script (and any later one) through, in an order shuffled by `seed`. */
  release(seed?: number): Promise<void>;
}

export async function holdScripts(page: Page): Promise<HeldScripts> {
  const held: Route[] = [];
  let released = false;
  await page.route(SCRIPTS, (route) => (released ? route.continue() : void held.push(route)));
  return {
    count: () => held.length,
    async release(seed = 1) {
      released = true;
      // A small linear congruential shuffle: a seed gives the same order on every run.
      let state = seed;
      const order = held.splice(0);
      for (let i = order.length - 1; i > 0; i--) {
        state = (state * 1103515245 + 12345) % 2147483648;
        const j = state % (i + 1);
        [order[i], order[j]] = [order[j] as Route, order[i] as Route];
      }
      for (const route of order) await route.continue();
    },
  };
}
