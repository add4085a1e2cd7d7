import { describe, expect, it } from "vitest";
import { paymentText, placeStateText } from "./place-state";

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

describe("placeStateText", () => {
  const held = {
    id: 1,
    enrollmentId: 1,
    email: "mere@example.fj",
    name: "Mere Vula",
    phone: "701 2345",
    state: "held" as const,
    holdExpiresAt: "2026-03-05T02:05:00.000Z",
    addressConfirmedAt: "2026-03-04T02:05:00.000Z",
    offerExpiresAt: null,
    createdAt: "2026-03-04T01:00:00.000Z",
    ipBurstAt: null,
    sourceIp: null,
    paidCents: 0,
    dueCents: 30_000,
    notTextable: null,
  };
  it("says how a held seat's address was confirmed: by the text's link it is 'confirmed by phone'", () => {
    expect(placeStateText({ ...held, addressConfirmedVia: "email" })).toBe("Held, address confirmed");
    expect(placeStateText({ ...held, addressConfirmedVia: "sign-in" })).toBe("Held, address confirmed");
    expect(placeStateText({ ...held, addressConfirmedVia: null })).toBe("Held, address confirmed");
    expect(placeStateText({ ...held, addressConfirmedVia: "text" })).toBe("Held, confirmed by phone");
  });
});
