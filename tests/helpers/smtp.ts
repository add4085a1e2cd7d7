// An app that sends its e-mail over SMTP to the local fake mail server, set up and closed around a describe.
import { afterAll, beforeAll } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import { createTestApp, type TestApp } from "./test-app";

export function withFakeSmtp() {
  const ctx = {} as { t: TestApp; smtp: FakeSmtp };
  beforeAll(async () => {
    ctx.smtp = await startFakeSmtp();
    ctx.t = await createTestApp({
      env: {
        SMTP_URL: ctx.smtp.url,
        STAFF_EMAIL: "office@pacificskyrpas.example",
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      },
    });
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.smtp.close();
  });
  return {
    get t() {
      return ctx.t;
    },
    get smtp() {
      return ctx.smtp;
    },
  };
}
