import { describe, expect, it } from "vitest";
import { phoneCheckToken, readPhoneCheckToken } from "./number-codes";

const key = Buffer.alloc(32, 7);
const now = new Date("2026-11-28T02:00:00Z");

describe("the phone-check token", () => {
  it("names its application for a day", () => {
    const token = phoneCheckToken(key, 42, now);
    expect(readPhoneCheckToken(key, token, now)).toBe(42);
    expect(readPhoneCheckToken(key, token, new Date(now.getTime() + 23 * 3600_000))).toBe(42);
    expect(readPhoneCheckToken(key, token, new Date(now.getTime() + 25 * 3600_000))).toBeNull();
  });

  it("cannot be turned into another application's, or made with another key", () => {
    const token = phoneCheckToken(key, 42, now);
    expect(readPhoneCheckToken(key, token.replace(/^42\./, "43."), now)).toBeNull();
    expect(readPhoneCheckToken(Buffer.alloc(32, 8), token, now)).toBeNull();
    expect(readPhoneCheckToken(key, "42.9999999999.short", now)).toBeNull();
    expect(readPhoneCheckToken(key, "", now)).toBeNull();
  });
});
