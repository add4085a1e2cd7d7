// How toasts behave (docs/product.md, Business constants): at most one at a time, shown 5 s, swiped right. In a
// module of its own because the app shell's toaster reads it on every page (see course-types.ts for why);
// shared/constants.ts re-exports it.
export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: "right",
  swipeThreshold: 50,
  hotkey: ["F8"],
} as const;
