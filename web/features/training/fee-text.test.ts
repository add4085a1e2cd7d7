import { describe, expect, it } from "vitest";
import { disputeText } from "./fee-text";

describe("disputeText", () => {
  it("flags an open dispute, says how a closed one ended, and says nothing without one", () => {
    expect(disputeText(null)).toBeNull();
    expect(disputeText("needs_response")).toBe("Disputed: answer in Stripe");
    expect(disputeText("warning_needs_response")).toBe("Disputed: answer in Stripe");
    expect(disputeText("under_review")).toBe("Disputed: under review");
    expect(disputeText("lost")).toBe("Dispute lost");
    expect(disputeText("won")).toBe("Dispute won");
  });
});
