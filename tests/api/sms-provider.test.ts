// The text-message providers of issue 34, before they are wired into the outbox: the real Twilio SDK against a local
// fake of Twilio's REST API (what the SDK sends, and which failures the outbox may retry), the file adapter a fresh
// install uses, and the signature check that will guard the status callback and inbound webhook. No database.
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import twilio from "twilio";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFileSms } from "../../server/integrations/sms/file-sms";
import { type SmsProvider, SmsSendError } from "../../server/integrations/sms/sms-provider";
import { verifyTwilioSignature } from "../../server/integrations/sms/twilio-signature";
import { createTwilioSms, redirectTwilioUri } from "../../server/integrations/sms/twilio-sms";
import { listenLocally } from "../fakes/listen";
import { type FakeTwilio, INVALID_NUMBER, startFakeTwilio } from "../fakes/twilio/server";

const FROM = "+15017122661";
const WHATSAPP_FROM = "+14155238886";
const TO = "+6797012345";
const CALLBACK = "https://rpas.example.fj/api/sms/status";

async function sendError(provider: SmsProvider, message: Parameters<SmsProvider["send"]>[0]) {
  const error = await provider.send(message).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe("Twilio adapter through the real SDK", () => {
  let fake: FakeTwilio;
  let sms: SmsProvider;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    sms = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: FROM,
      whatsappFrom: WHATSAPP_FROM,
      apiBaseUrl: fake.url,
    });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.messages.length = 0;
    fake.requests.length = 0;
  });

  it("sends an SMS from the configured number, with the account, its auth, the body and the status callback", async () => {
    const sent = await sms.send({
      to: TO,
      body: "Your seat is held.",
      channel: "sms",
      statusCallback: CALLBACK,
    });
    expect(sent.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe("queued");
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      accountSid: fake.accountSid,
      To: TO,
      From: FROM,
      Body: "Your seat is held.",
      StatusCallback: CALLBACK,
    });
    expect(fake.messages[0]?.ContentSid).toBeUndefined();
    expect(fake.messages[0]?.MessagingServiceSid).toBeUndefined();
  });

  it("sends through a messaging service when one is configured", async () => {
    const service = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: FROM,
      messagingServiceSid: "MG0123456789abcdef0123456789abcdef",
      apiBaseUrl: fake.url,
    });
    const sent = await service.send({ to: TO, body: "Bula!", channel: "sms" });
    expect(sent.status).toBe("accepted");
    expect(fake.messages[0]).toMatchObject({
      MessagingServiceSid: "MG0123456789abcdef0123456789abcdef",
      To: TO,
      Body: "Bula!",
    });
    expect(fake.messages[0]?.From).toBeUndefined();
  });

  it("sends WhatsApp as an approved template: whatsapp: addresses, the content id and its variables as JSON", async () => {
    const variables = { "1": "Mākereta", "2": "28 Nov 2026" };
    await sms.send({
      to: TO,
      channel: "whatsapp",
      template: { contentSid: "HX0123456789abcdef0123456789abcdef", variables },
    });
    expect(fake.messages[0]).toMatchObject({
      To: `whatsapp:${TO}`,
      From: `whatsapp:${WHATSAPP_FROM}`,
      ContentSid: "HX0123456789abcdef0123456789abcdef",
    });
    expect(JSON.parse(fake.messages[0]?.ContentVariables ?? "null")).toEqual(variables);
    expect(fake.messages[0]?.Body).toBeUndefined();
  });

  it("refuses WhatsApp without a configured sender, or without a template, before asking Twilio", async () => {
    const smsOnly = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: FROM,
      apiBaseUrl: fake.url,
    });
    const template = { contentSid: "HX1", variables: {} };
    expect((await sendError(smsOnly, { to: TO, channel: "whatsapp", template })).retryable).toBe(false);
    expect((await sendError(sms, { to: TO, channel: "whatsapp", body: "free text" })).retryable).toBe(false);
    expect((await sendError(sms, { to: "7012345", channel: "sms", body: "x" })).retryable).toBe(false);
    expect(fake.requests).toEqual([]);
  });

  it("makes an invalid number a permanent error, without the number in its message", async () => {
    const error = await sendError(sms, { to: INVALID_NUMBER, body: "Hello", channel: "sms" });
    expect(error).toMatchObject({ retryable: false, status: 400, code: 21211 });
    expect(error.message).not.toContain(INVALID_NUMBER);
    expect(error.message).not.toContain("5550001");
    expect(fake.requests).toHaveLength(1);
    expect(fake.messages).toEqual([]);
  });

  it("makes Twilio's 500 and 429 retryable errors, and sends once the fault is gone", async () => {
    fake.failNext(500);
    expect(await sendError(sms, { to: TO, body: "Hello", channel: "sms" })).toMatchObject({
      retryable: true,
      status: 500,
    });
    fake.failNext(429);
    expect(await sendError(sms, { to: TO, body: "Hello", channel: "sms" })).toMatchObject({
      retryable: true,
      status: 429,
    });
    expect(fake.messages).toEqual([]);
    await sms.send({ to: TO, body: "Hello", channel: "sms" });
    expect(fake.messages).toHaveLength(1);
    expect(fake.requests).toHaveLength(3);
  });

  it("makes wrong credentials a permanent error (the fake checks HTTP Basic auth)", async () => {
    const wrong = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: "not-the-token",
      from: FROM,
      apiBaseUrl: fake.url,
    });
    expect(await sendError(wrong, { to: TO, body: "Hello", channel: "sms" })).toMatchObject({
      retryable: false,
      status: 401,
    });
    expect(fake.requests).toEqual([]);
  });

  it("makes an unreachable Twilio a retryable error", async () => {
    const server = createServer();
    const { url, close } = await listenLocally(server);
    await close();
    const down = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: FROM,
      apiBaseUrl: url,
    });
    const error = await sendError(down, { to: TO, body: "Hello", channel: "sms" });
    expect(error.retryable).toBe(true);
    expect(error.status).toBeUndefined();
  });

  it("sends only Twilio's own hosts to the fake", () => {
    const uri = "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?x=1";
    expect(redirectTwilioUri(uri, "http://127.0.0.1:4010")).toBe(
      "http://127.0.0.1:4010/2010-04-01/Accounts/AC1/Messages.json?x=1",
    );
    expect(redirectTwilioUri("https://example.com/a", "http://127.0.0.1:4010")).toBe("https://example.com/a");
    expect(redirectTwilioUri("https://eviltwilio.com/a", "http://127.0.0.1:4010")).toBe(
      "https://eviltwilio.com/a",
    );
  });
});

describe("file adapter", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "sms-files-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("writes each text as its own owner-only file under DATA_DIR/sms, readable as text", async () => {
    const sms = createFileSms({ dataDir });
    const first = await sms.send({
      to: TO,
      body: "Your seat is held. Confirm: https://rpas.example.fj/c/abc",
      channel: "sms",
      statusCallback: CALLBACK,
    });
    const second = await sms.send({
      to: TO,
      channel: "whatsapp",
      template: { contentSid: "HX0123", variables: { "1": "Mākereta", "2": "FJD 50.00" } },
    });
    expect(first.status).toBe("written");
    expect(first.providerId).toMatch(/^file:\d{4}-\d\d-\d\dT[\d-]+Z-\d{6}-[0-9a-f]{8}\.txt$/);
    const dir = join(dataDir, "sms");
    const names = (await readdir(dir)).sort();
    expect(names.map((name) => `file:${name}`)).toEqual([first.providerId, second.providerId]);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const name of names) expect((await stat(join(dir, name))).mode & 0o777).toBe(0o600);

    const [firstText, secondText] = await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")));
    expect(firstText).toBe(
      `To: ${TO}\nChannel: sms\nStatus-Callback: ${CALLBACK}\n\nYour seat is held. Confirm: https://rpas.example.fj/c/abc\n`,
    );
    expect(secondText).toBe(
      `To: ${TO}\nChannel: whatsapp\nTemplate: HX0123\nVariable 1: Mākereta\nVariable 2: FJD 50.00\n`,
    );
  });

  it("refuses what Twilio would refuse, writing nothing", async () => {
    const empty = await mkdtemp(join(tmpdir(), "sms-files-"));
    const sms = createFileSms({ dataDir: empty });
    expect((await sendError(sms, { to: "7012345", body: "x", channel: "sms" })).retryable).toBe(false);
    expect((await sendError(sms, { to: TO, channel: "sms" })).retryable).toBe(false);
    expect(await readdir(empty)).toEqual([]);
    await rm(empty, { recursive: true, force: true });
  });
});

describe("Twilio signature check", () => {
  const PUBLIC_URL = "https://rpas.example.fj";
  const PATH = "/api/sms/status?kind=offer";
  const params = { MessageSid: "SM0123456789abcdef0123456789abcdef", MessageStatus: "delivered" };
  let fake: FakeTwilio;
  let received: { pathAndQuery: string; form: Record<string, string>; signature?: string }[] = [];
  let site: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    fake = await startFakeTwilio();
    // A stand-in for the route the lead will add: it answers 204 when the signature holds, 403 otherwise.
    site = await listenLocally(
      createServer((req, res) => {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk: string) => {
          body += chunk;
        });
        req.on("end", () => {
          const form = Object.fromEntries(new URLSearchParams(body));
          const signature = req.headers["x-twilio-signature"] as string | undefined;
          received.push({ pathAndQuery: req.url ?? "", form, signature });
          const ok = verifyTwilioSignature(fake.authToken, PUBLIC_URL, req.url ?? "", form, signature);
          res.writeHead(ok ? 204 : 403).end();
        });
      }),
    );
  });
  afterAll(async () => {
    await site.close();
    await fake.close();
  });
  afterEach(() => {
    received = [];
  });

  it("accepts a callback signed for PUBLIC_URL and the route, whatever host it reached the server by", async () => {
    const answer = await fake.sendStatusCallback(`${site.url}${PATH}`, params, {
      signedUrl: `${PUBLIC_URL}${PATH}`,
    });
    expect(answer.status).toBe(204);
    expect(received[0]?.form).toEqual(params);
  });

  it("refuses a forged signature, one signed with another token, and none at all", async () => {
    expect(
      (await fake.sendStatusCallback(`${site.url}${PATH}`, params, { signature: "Zm9yZ2VkIHNpZ25hdHVyZQ==" }))
        .status,
    ).toBe(403);
    const otherToken = twilio.getExpectedTwilioSignature("another-token", `${PUBLIC_URL}${PATH}`, params);
    expect(
      (await fake.sendStatusCallback(`${site.url}${PATH}`, params, { signature: otherToken })).status,
    ).toBe(403);
    expect(verifyTwilioSignature(fake.authToken, PUBLIC_URL, PATH, params, undefined)).toBe(false);
    expect(verifyTwilioSignature(fake.authToken, PUBLIC_URL, PATH, params, "")).toBe(false);
  });

  it("refuses a callback signed for another host, path or query (the URL the server was reached by is no proof)", async () => {
    // Signed for the address the request really went to: the Host header's URL, not PUBLIC_URL.
    expect((await fake.sendStatusCallback(`${site.url}${PATH}`, params)).status).toBe(403);
    for (const signedUrl of [
      `https://evil.example${PATH}`,
      `${PUBLIC_URL}/api/sms/inbound?kind=offer`,
      `${PUBLIC_URL}/api/sms/status?kind=reminder`,
    ]) {
      expect((await fake.sendStatusCallback(`${site.url}${PATH}`, params, { signedUrl })).status).toBe(403);
    }
  });

  it("refuses a changed, added or removed parameter", () => {
    const signature = twilio.getExpectedTwilioSignature(fake.authToken, `${PUBLIC_URL}${PATH}`, params);
    expect(verifyTwilioSignature(fake.authToken, PUBLIC_URL, PATH, params, signature)).toBe(true);
    expect(
      verifyTwilioSignature(
        fake.authToken,
        PUBLIC_URL,
        PATH,
        { ...params, MessageStatus: "failed" },
        signature,
      ),
    ).toBe(false);
    expect(
      verifyTwilioSignature(fake.authToken, PUBLIC_URL, PATH, { ...params, ErrorCode: "30003" }, signature),
    ).toBe(false);
    expect(
      verifyTwilioSignature(fake.authToken, PUBLIC_URL, PATH, { MessageSid: params.MessageSid }, signature),
    ).toBe(false);
    // A PUBLIC_URL written with a trailing slash builds the same URL.
    expect(verifyTwilioSignature(fake.authToken, `${PUBLIC_URL}/`, PATH, params, signature)).toBe(true);
  });
});
