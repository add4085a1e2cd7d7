import { describe, expect, it, vi } from "vitest";
import { cachedLiveSource, combinedLiveSource } from "./live-sources";

describe("live sources", () => {
  it("reads at most once per window, again after a change, and not a failed read", async () => {
    let answer = ["a"];
    const read = vi.fn(async () => answer);
    const source = cachedLiveSource(read, 60_000);
    const first = await source.current();
    expect((await source.current()).version).toBe(first.version);
    expect(read).toHaveBeenCalledTimes(1);
    answer = ["b"];
    source.changed();
    const second = await source.current();
    expect(second.data).toEqual(["b"]);
    expect(second.version).not.toBe(first.version);

    read.mockRejectedValueOnce(new Error("down"));
    source.changed();
    await expect(source.current()).rejects.toThrow("down");
    expect((await source.current()).data).toEqual(["b"]);
  });

  it("hands several sources over by name; any part changes the version; a change reaches every part", async () => {
    let documents = ["doc"];
    const schedule = cachedLiveSource(async () => ["intake"], 60_000);
    const library = cachedLiveSource(async () => documents, 60_000);
    const both = combinedLiveSource({ schedule, documents: library });
    const before = await both.current();
    expect(before.data).toEqual({ schedule: ["intake"], documents: ["doc"] });
    documents = ["doc", "new"];
    expect((await both.current()).version).toBe(before.version);
    both.changed();
    const after = await both.current();
    expect(after.data).toEqual({ schedule: ["intake"], documents: ["doc", "new"] });
    expect(after.version).not.toBe(before.version);
  });

  it("peeks at what current() would answer at once: nothing before or during a read, after a change or the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let answer = ["a"];
      const source = cachedLiveSource(async () => answer, 5_000);
      expect(source.peek()).toBeUndefined();
      const reading = source.current();
      expect(source.peek()).toBeUndefined();
      const first = await reading;
      expect(source.peek()).toBe(first);
      vi.advanceTimersByTime(4_999);
      expect(source.peek()).toBe(first);
      vi.advanceTimersByTime(1);
      expect(source.peek()).toBeUndefined();
      const again = await source.current();
      expect(source.peek()).toBe(again);
      answer = ["b"];
      source.changed();
      expect(source.peek()).toBeUndefined();
      expect((await source.current()).data).toEqual(["b"]);

      const other = cachedLiveSource(async () => ["intake"], 60_000);
      const both = combinedLiveSource({ documents: source, schedule: other });
      expect(both.peek()).toBeUndefined();
      const whole = await both.current();
      // Every part at hand: the same answer, the same object (no new version string per request).
      expect(both.peek()).toBe(whole);
      expect(both.peek()).toEqual({
        version: whole.version,
        data: { documents: ["b"], schedule: ["intake"] },
      });
      other.changed();
      expect(both.peek()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
