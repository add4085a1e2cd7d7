import { describe, expect, it } from "vitest";
import { paymentText } from "./place-state";

describe("paymentText", () => {
  it("says what a place has paid and still owes", () => {
    expect(paymentText({ state: "confirmed", paidCents: 30_000, dueCents: 0 })).toBe("Paid in full");
    expect(paymentText({ state: "confirmed", paidCents: 0, dueCents: 0 })).toBe("Nothing to pay");
    expect(paymentText({ state: "confirmed", paidCents: 10_000, dueCents: 20_000 })).toBe(
      "Paid FJD 100.00, FJD 200.00 due",
    );
    expect(paymentText({ state: "offered", paidCents: 0, dueCents: 30_000 })).toBe("FJD 300.00 due");
    expect(paymentText({ state: "held", paidCents: 0, dueCents: 30_000 })).toBe(
      "FJD 300.00 due once offered",
    );
  });
});
