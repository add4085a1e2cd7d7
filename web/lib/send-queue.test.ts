import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type MemoryStorage, useMemoryStorage } from "../../tests/helpers/memory-storage";
import { DRAFT_MAX_AGE_MS, DRAFT_SENT_EVENT, loadDraft, saveDraft } from "./form-draft";
import { dequeue, enqueue, QUEUE_KEY, queuedKeyFor, queuedSubmissions, resendQueued } from "./send-queue";
import { currentToasts } from "./use-toast";

const BODY = { firstName: "Litia", message: "Four officers", website: "", formElapsedMs: 12_000 };
const CONTACT = { path: "/api/contacts", noun: "message" as const, draft: "contact" };

let storage: MemoryStorage;
let events: EventTarget;
const sentDrafts: string[] = [];

beforeEach(() => {
  storage = useMemoryStorage();
  events = new EventTarget();
  sentDrafts.length = 0;
  events.addEventListener(DRAFT_SENT_EVENT, (event) =>
    sentDrafts.push((event as CustomEvent<string>).detail),
  );
  vi.stubGlobal("dispatchEvent", events.dispatchEvent.bind(events));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** fetch answering each call in turn: a status, or "offline" for a request that gets no answer. */
function answers(...replies: (number | "offline")[]) {
  const calls: { url: string; key: string | undefined; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({
      url,
      key: (init.headers as Record<string, string>)["Idempotency-Key"],
      body: JSON.parse(String(init.body)),
    });
    const reply = replies[calls.length - 1] ?? "offline";
    if (reply === "offline") throw new TypeError("Failed to fetch");
    const text = reply >= 400 ? JSON.stringify({ message: "Please give a valid e-mail address" }) : "{}";
    return new Response(text, { status: reply });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

describe("the queue on this device", () => {
  it("keeps a submission with its key, and finds that key again for the same fields", () => {
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    expect(queuedSubmissions()).toMatchObject([{ path: "/api/contacts", body: BODY, key: "attempt-0001" }]);
    // Sent again from the form: the anti-spam values differ, the fields do not.
    expect(queuedKeyFor("/api/contacts", { firstName: "Litia", message: "Four officers" })).toBe(
      "attempt-0001",
    );
    expect(queuedKeyFor("/api/contacts", { firstName: "Litia", message: "Five officers" })).toBeUndefined();
    expect(queuedKeyFor("/api/reviews", { firstName: "Litia", message: "Four officers" })).toBeUndefined();
    // The same attempt kept twice is one entry.
    enqueue({ ...CONTACT, body: { ...BODY, formElapsedMs: 20_000 }, key: "attempt-0001" });
    expect(queuedSubmissions()).toHaveLength(1);
    dequeue("attempt-0001");
    expect(storage.getItem(QUEUE_KEY)).toBeNull();
  });

  it("drops junk, foreign addresses and entries older than 7 days, keeping the rest", () => {
    const now = Date.now();
    const good = { ...CONTACT, body: BODY, key: "attempt-0001", queuedAt: now };
    storage.setItem(
      QUEUE_KEY,
      JSON.stringify([
        good,
        null,
        "text",
        { ...good, path: "https://elsewhere.example/steal" },
        { ...good, path: "/api/../admin" },
        { ...good, key: "short" },
        { ...good, body: "not an object" },
        { ...good, noun: "payment" },
        { ...good, queuedAt: now - DRAFT_MAX_AGE_MS - 1 },
      ]),
    );
    expect(queuedSubmissions(now)).toEqual([good]);
    expect(JSON.parse(storage.getItem(QUEUE_KEY) ?? "")).toEqual([good]);

    storage.setItem(QUEUE_KEY, "{not json");
    expect(queuedSubmissions()).toEqual([]);
    expect(storage.getItem(QUEUE_KEY)).toBeNull();
    storage.setItem(QUEUE_KEY, JSON.stringify({ path: "/api/contacts" }));
    expect(queuedSubmissions()).toEqual([]);
    expect(storage.getItem(QUEUE_KEY)).toBeNull();
    // Junk in storage never breaks keeping a new submission.
    storage.setItem(QUEUE_KEY, JSON.stringify([null, 7, { key: 3 }]));
    expect(queuedKeyFor("/api/contacts", BODY)).toBeUndefined();
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0002" });
    expect(queuedSubmissions().map((entry) => entry.key)).toEqual(["attempt-0002"]);
  });
});

describe("sending the queue again", () => {
  it("sends each submission with its own Idempotency-Key, clears the draft it came from and says so", async () => {
    saveDraft("contact", { firstName: "Litia" }, 12_000, Date.now());
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    const calls = answers(201);
    await resendQueued();
    expect(calls).toEqual([{ url: "/api/contacts", key: "attempt-0001", body: BODY }]);
    expect(queuedSubmissions()).toEqual([]);
    expect(loadDraft("contact", { firstName: "" })).toBeNull();
    expect(sentDrafts).toEqual(["contact"]);
    expect(currentToasts()[0]).toMatchObject({ title: "Your saved message was sent.", open: true });
  });

  it("keeps everything while there is still no answer, and tries again later with the same key", async () => {
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    enqueue({ path: "/api/reviews", noun: "review", body: { name: "Mere" }, key: "attempt-0002" });
    const calls = answers("offline", 201, 201);
    await resendQueued();
    expect(calls).toHaveLength(1);
    expect(queuedSubmissions()).toHaveLength(2);
    await resendQueued();
    expect(calls.map((call) => call.key)).toEqual(["attempt-0001", "attempt-0001", "attempt-0002"]);
    expect(queuedSubmissions()).toEqual([]);
  });

  it("drops a submission the server refuses and tells the person, keeping their draft", async () => {
    saveDraft("contact", { firstName: "Litia" }, 12_000, Date.now());
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    answers(400);
    await resendQueued();
    expect(queuedSubmissions()).toEqual([]);
    expect(loadDraft("contact", { firstName: "" })?.values).toEqual({ firstName: "Litia" });
    expect(sentDrafts).toEqual([]);
    expect(currentToasts()[0]).toMatchObject({
      title: "Your saved message could not be sent.",
      description: "Please give a valid e-mail address",
      variant: "destructive",
    });
  });

  it("keeps a submission a failing or busy server did not take (5xx, 429)", async () => {
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    answers(503, 429);
    await resendQueued();
    await resendQueued();
    expect(queuedSubmissions().map((entry) => entry.key)).toEqual(["attempt-0001"]);
  });

  it("keeps a draft edited after the submission was queued", async () => {
    saveDraft("contact", { firstName: "Litia" }, 12_000, Date.now());
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    saveDraft("contact", { firstName: "Litia", message: "A new question" }, 15_000, Date.now());
    answers(201);
    await resendQueued();
    expect(loadDraft("contact", { firstName: "", message: "" })?.values).toEqual({
      firstName: "Litia",
      message: "A new question",
    });
    expect(sentDrafts).toEqual([]);
  });

  it("runs once at a time however often it is asked", async () => {
    enqueue({ ...CONTACT, body: BODY, key: "attempt-0001" });
    const calls = answers(201, 201);
    await Promise.all([resendQueued(), resendQueued(), resendQueued()]);
    expect(calls).toHaveLength(1);
  });
});
