import { describe, expect, it } from "vitest";
import { pauseAfter, throttledMessage } from "./login-throttle";
import { checkCap } from "./password-check-cap";

describe("the strangers' pause", () => {
  it("starts at the 10th failure with 1 minute and doubles after each further one, up to 15 minutes", () => {
    const minutes = [9, 10, 11, 12, 13, 14, 15, 40].map((failures) => pauseAfter(failures) / 60_000);
    expect(minutes).toEqual([0, 1, 2, 4, 8, 15, 15, 15]);
  });

  it("says the wait in whole minutes", () => {
    expect(throttledMessage(60)).toBe(
      "Too many failed sign-in attempts. Please wait 1 minute and try again.",
    );
    expect(throttledMessage(61)).toBe(
      "Too many failed sign-in attempts. Please wait 2 minutes and try again.",
    );
    expect(throttledMessage(900)).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    );
  });
});

describe("the cap on password checks", () => {
  it("allows `perSecond` at once, then one more each 1/perSecond of a second", () => {
    let now = 0;
    const cap = checkCap(3, () => now);
    expect([cap.take(), cap.take(), cap.take()]).toEqual([null, null, null]);
    expect(cap.take()).toBe(1);
    now += 340;
    expect(cap.take()).toBeNull();
    expect(cap.take()).toBe(1);
    now += 10_000;
    expect([cap.take(), cap.take(), cap.take(), cap.take()]).toEqual([null, null, null, 1]);
  });
});
