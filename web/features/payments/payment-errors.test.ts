import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import {
  MISSING_CLIENT_SECRET,
  readClientSecret,
  ServerPaymentError,
  subscriptionErrorToast,
  WALLET_BEING_SET_UP,
  walletErrorToast,
} from "./payment-errors";

/** What apiRequest throws for a non-2xx answer (web/lib/query-client.ts). */
/** What apiRequest throws for a non-2xx answer. */
const httpError = (status: number, body: unknown) =>
  new ApiError(status, typeof body === "string" ? body : JSON.stringify(body));

const unavailable = {
  title: "Service Temporarily Unavailable",
  description: "Payment processing is being set up. Please try again later.",
};
const failed = { title: "Error", description: "Failed to initialize payment. Please try again." };

describe("readClientSecret", () => {
  it("returns the client secret", () => {
    expect(readClientSecret({ clientSecret: "seti_123_secret" })).toBe("seti_123_secret");
  });

  it("throws the server's error message", () => {
    expect(() => readClientSecret({ error: { message: "Stripe is down" } })).toThrow(
      new ServerPaymentError("Stripe is down"),
    );
  });

  it.each([{}, { clientSecret: "" }, { clientSecret: 42 }, null])(
    "throws SPEC's message when %o has no client secret",
    (body) => {
      expect(() => readClientSecret(body)).toThrow(MISSING_CLIENT_SECRET);
    },
  );
});

describe("subscriptionErrorToast", () => {
  it("a 503 'not configured' answer means payments are being set up", () => {
    const error = httpError(503, { message: "Card payments are not configured on this server yet." });
    expect(subscriptionErrorToast(error)).toMatchObject(unavailable);
  });

  it("so does a server error message or a missing client secret", () => {
    for (const body of [{ error: { message: "No such price" } }, {}]) {
      let thrown: unknown;
      try {
        readClientSecret(body);
      } catch (error) {
        thrown = error;
      }
      expect(subscriptionErrorToast(thrown)).toMatchObject(unavailable);
    }
  });

  it("and any message saying 'not configured'", () => {
    expect(subscriptionErrorToast(new Error("Stripe key Not Configured"))).toMatchObject(unavailable);
  });

  it("anything else failed to initialize the payment", () => {
    expect(subscriptionErrorToast(new TypeError("Failed to fetch"))).toMatchObject(failed);
    expect(subscriptionErrorToast(httpError(500, { message: "Something went wrong" }))).toMatchObject(failed);
    expect(subscriptionErrorToast(httpError(502, "Bad Gateway"))).toMatchObject(failed);
    expect(subscriptionErrorToast(undefined)).toMatchObject(failed);
  });

  it("is always destructive", () => {
    expect(subscriptionErrorToast(new Error("x")).variant).toBe("destructive");
    expect(subscriptionErrorToast(new Error("not configured")).variant).toBe("destructive");
  });
});

describe("walletErrorToast", () => {
  it("turns 'not configured' into the 'is being set up' message under either title", () => {
    const error = httpError(503, { message: "M-PAiSA payments are not configured on this server yet." });
    expect(walletErrorToast("Payment Failed", error)).toEqual({
      title: "Payment Failed",
      description: WALLET_BEING_SET_UP,
      variant: "destructive",
    });
    expect(walletErrorToast("QR Generation Failed", error).description).toContain("is being set up");
  });

  it("shows the server's own message otherwise", () => {
    const error = httpError(400, { message: "Invalid phone: enter 7 digits" });
    expect(walletErrorToast("Payment Failed", error).description).toBe("Invalid phone: enter 7 digits");
  });

  it("asks to try again when there is no message to show", () => {
    expect(walletErrorToast("QR Generation Failed", new TypeError("Failed to fetch")).description).toMatch(
      /try again/,
    );
  });
});
