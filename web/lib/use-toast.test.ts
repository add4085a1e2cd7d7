import { TOAST } from "@shared/toast-settings";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismiss, toast } from "./use-toast";

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store", () => {
  it("keeps at most one toast: the newest replaces the previous one", () => {
    toast({ title: "First" });
    toast({ title: "Second", description: "Details", variant: "destructive" });
    expect(currentToasts()).toHaveLength(TOAST.limit);
    expect(currentToasts()[0]).toMatchObject({ title: "Second", description: "Details", open: true });
  });

  it("closes a dismissed toast at once and forgets it after the removal delay", () => {
    vi.useFakeTimers();
    const { id } = toast({ title: "Closing" });
    dismiss(id);
    expect(currentToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST.removeDelayMs - 1);
    expect(currentToasts().map((t) => t.id)).toContain(id);
    vi.advanceTimersByTime(1);
    expect(currentToasts().map((t) => t.id)).not.toContain(id);
  });
});
