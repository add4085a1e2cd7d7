// The opt-out page behind every text's last line (issue 34): what /texts/stop shows, filled in by the server (ADR
// 029's answer slot) from the stop link's code. Opening it changes nothing (link scanners open links); its buttons
// are plain form posts, so it works without script. Kept apart from shared/texts.ts: only this page reads it.
export const TEXT_STOP_PAGE_PATH = "/texts/stop";
/** Where the "Start them again" button posts. */
export const TEXT_START_PAGE_PATH = "/texts/start";
export const STOP_BUTTON = "Stop texts to this number";
export const START_BUTTON = "Start them again";
export const stoppedLine = (masked: string) => `Texts to ${masked} are stopped`;
export const STOP_LINK_UNKNOWN_MESSAGE = "This stop link is not one of ours. Check it was copied whole.";
export const STOP_LINK_EXPIRED_MESSAGE =
  "This stop link has expired. Open the link at the end of a more recent text, or contact us and we will stop them.";

export type TextStopAnswer =
  /** The number (masked) texts go to, and the button that stops them. */
  | { kind: "confirm"; number: string; token: string }
  /** Stopped: said so, with the button that starts them again. */
  | { kind: "stopped"; number: string; token: string }
  | { kind: "expired" }
  /** The page opened without a link's code (typed, or from a search): it says where the link is. */
  | { kind: "no-link" }
  /** A code that is not a stop link of ours. */
  | { kind: "unknown" };
