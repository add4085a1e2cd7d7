// A cap on staff password checks per second in this process (ADR 050): each argon2 check holds 19 MiB and tens of
// milliseconds of a core, so many addresses guessing many usernames could otherwise keep the CPU busy. Over the cap
// a sign-in is answered at once (429, Retry-After) without checking anything. Each app instance has its own cap.

/** The default of ADMIN_PASSWORD_CHECKS_PER_SECOND: about half of one core at argon2's cost here. */
export const PASSWORD_CHECKS_PER_SECOND = 10;

export const PASSWORD_CHECKS_BUSY =
  "Many sign-ins are being checked right now. Please wait a few seconds and try again.";

/** A token bucket: `perSecond` checks a second on average, at most `perSecond` at once after a quiet spell. */
export interface CheckCap {
  /** Takes one check: null when allowed, else the seconds to wait before one is free. */
  take(): number | null;
}

export function checkCap(perSecond: number, now: () => number = Date.now): CheckCap {
  let tokens = perSecond;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(perSecond, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens >= 1) {
        tokens -= 1;
        return null;
      }
      return Math.max(1, Math.ceil((1 - tokens) / perSecond));
    },
  };
}
