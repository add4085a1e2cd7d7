// A test that prints console.error fails: an unexpected error log is a bug, even when the assertions pass.
import { afterEach, beforeEach, expect, vi } from "vitest";

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, "console.error was called").toEqual([]);
});
