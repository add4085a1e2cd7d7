import { MIN_FILL_TIME_MS } from "@shared/anti-spam";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_DRAFT_FIELDS, EMPTY_CARD_VALUES } from "@/features/payments/card-form-values";
import { type MemoryStorage, useMemoryStorage } from "../../tests/helpers/memory-storage";
import {
  clearDraft,
  clearDraftSentAs,
  DRAFT_MAX_AGE_MS,
  keptValues,
  loadDraft,
  markDraftQueued,
  saveDraft,
} from "./form-draft";
import { formClock } from "./submission";

const CONTACT = { firstName: "", lastName: "", email: "", message: "", rating: 0, agreed: false };
const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

let storage: MemoryStorage;
beforeEach(() => {
  storage = useMemoryStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a form's draft", () => {
  it("gives back the listed fields with the time already spent", () => {
    saveDraft(
      "contact",
      { firstName: "Litia", message: "Four officers", rating: 4, agreed: true },
      41_234,
      NOW,
    );
    expect(loadDraft("contact", CONTACT, undefined, NOW + 1000)).toEqual({
      values: { firstName: "Litia", message: "Four officers", rating: 4, agreed: true },
      elapsedMs: 41_234,
    });
    clearDraft("contact");
    expect(loadDraft("contact", CONTACT, undefined, NOW)).toBeNull();
  });

  it("is kept for 7 days after the last change, then forgotten", () => {
    saveDraft("contact", { firstName: "Litia" }, 5000, NOW);
    expect(loadDraft("contact", CONTACT, undefined, NOW + DRAFT_MAX_AGE_MS)?.values).toEqual({
      firstName: "Litia",
    });
    expect(loadDraft("contact", CONTACT, undefined, NOW + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.length).toBe(0);
    expect(DRAFT_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it.each([
    ["text that is not JSON", "{firstName: Litia"],
    ["JSON of another shape", JSON.stringify({ firstName: "Litia" })],
    ["values that are not an object", JSON.stringify({ values: "Litia", elapsedMs: 1, savedAt: NOW })],
    ["a negative time", JSON.stringify({ values: {}, elapsedMs: -5, savedAt: NOW })],
    ["a list", JSON.stringify([1, 2, 3])],
    ["null", "null"],
  ])("ignores and removes %s in storage", (_what, junk) => {
    storage.setItem("form-draft:contact", junk);
    storage.setItem("unrelated", "kept");
    expect(loadDraft("contact", CONTACT, undefined, NOW)).toBeNull();
    expect(storage.getItem("form-draft:contact")).toBeNull();
    expect(storage.getItem("unrelated")).toBe("kept");
  });

  it("drops a value whose type is not the field's, and fields the form does not have", () => {
    storage.setItem(
      "form-draft:contact",
      JSON.stringify({
        values: { firstName: { nested: 1 }, rating: "5", email: "a@b.fj", extra: "x", agreed: "yes" },
        elapsedMs: 1000,
        savedAt: NOW,
      }),
    );
    expect(loadDraft("contact", CONTACT, undefined, NOW)?.values).toEqual({ email: "a@b.fj" });
  });

  it("never keeps a card's number, expiry or security code, even when a form lists them", () => {
    const typed = {
      ...EMPTY_CARD_VALUES,
      email: "payer@example.com",
      number: "4242 4242 4242 4242",
      expiry: "12/30",
      cvv: "123",
      name: "Mere Tuilau",
      billing: { ...EMPTY_CARD_VALUES.billing, street: "12 Victoria Parade", city: "Suva" },
    };
    const every = [
      "email",
      "number",
      "expiry",
      "cvv",
      "name",
      "billing.street",
      "billing.city",
      "billing.country",
    ];
    const odd = { cardNumber: "4242424242424242", cvc: "999", csc: "999", expMonth: "12", securityCode: "1" };
    saveDraft(
      "card-payment",
      keptValues({ ...typed, ...odd }, { ...EMPTY_CARD_VALUES, ...odd }, [...every, ...Object.keys(odd)]),
      0,
      NOW,
    );

    const stored = storage.dump();
    for (const secret of [
      "4242",
      "12/30",
      '123"',
      "999",
      "cvv",
      "expiry",
      "number",
      "cardNumber",
      "securityCode",
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(loadDraft("card-payment", EMPTY_CARD_VALUES, every, NOW)?.values).toEqual({
      email: "payer@example.com",
      name: "Mere Tuilau",
      "billing.street": "12 Victoria Parade",
      "billing.city": "Suva",
      "billing.country": "Fiji",
    });
  });

  it("keeps from the card form only what it lists: no card field is among them", () => {
    const typed = {
      email: "payer@example.com",
      number: "4242 4242 4242 4242",
      expiry: "12/30",
      cvv: "123",
      name: "Mere Tuilau",
      billing: { street: "12 Victoria Parade", city: "Suva", postalCode: "679", state: "", country: "Fiji" },
    };
    const cardFields = Object.keys(EMPTY_CARD_VALUES).filter(
      (field) => !["email", "name", "billing"].includes(field),
    );
    expect(cardFields).toEqual(["number", "expiry", "cvv"]);
    for (const field of cardFields) expect(CARD_DRAFT_FIELDS).not.toContain(field);
    saveDraft("card-payment", keptValues(typed, EMPTY_CARD_VALUES, CARD_DRAFT_FIELDS), 0, NOW);
    const stored = storage.dump();
    expect(stored).not.toMatch(/4242|12\/30|cvv|expiry|number/);
    expect(stored).not.toContain('"123"');
    expect(stored).toContain("Mere Tuilau");
  });

  it("is cleared by its queued submission's success only while it still holds what was sent", () => {
    saveDraft("contact", { firstName: "Litia" }, 9000, NOW);
    markDraftQueued("contact", "key-of-the-attempt");
    expect(clearDraftSentAs("contact", "another-key")).toBe(false);
    expect(clearDraftSentAs("contact", "key-of-the-attempt")).toBe(true);
    expect(storage.length).toBe(0);

    saveDraft("contact", { firstName: "Litia" }, 9000, Date.now());
    markDraftQueued("contact", "key-of-the-attempt");
    // The visitor edits the form again: the new draft is theirs, not the sent one.
    saveDraft("contact", { firstName: "Litia V." }, 12_000, Date.now());
    expect(clearDraftSentAs("contact", "key-of-the-attempt")).toBe(false);
    expect(loadDraft("contact", CONTACT)?.values).toEqual({ firstName: "Litia V." });
  });

  it("does nothing and throws nothing where storage is refused", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(() => saveDraft("contact", { firstName: "Litia" }, 0)).not.toThrow();
    expect(loadDraft("contact", CONTACT)).toBeNull();
  });
});

describe("the form's clock", () => {
  it("goes on from a restored draft's time, so a quick send after coming back is not too fast", () => {
    let now = 100_000;
    const clock = formClock(() => now);
    expect(clock.elapsed()).toBeNull();
    clock.start();
    now += 200;
    // A draft on which the person had already spent 8 seconds.
    clock.resume(8000);
    now += 1500;
    expect(clock.elapsed()).toBe(9500);
    expect(clock.elapsed()).toBeGreaterThanOrEqual(MIN_FILL_TIME_MS);
    clock.restart();
    now += 1000;
    expect(clock.elapsed()).toBe(1000);
  });

  it("counts from hydration even when the draft was restored first", () => {
    let now = 50;
    const clock = formClock(() => now);
    clock.resume(4000);
    now += 10;
    clock.start();
    now += 500;
    expect(clock.elapsed()).toBe(4500);
  });
});
