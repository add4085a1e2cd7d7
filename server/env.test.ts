import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 5000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:5000",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("treats empty strings as unset and trims a trailing slash from PUBLIC_URL", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: " ", PUBLIC_URL: "https://rpas.example.fj/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("https://rpas.example.fj");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ STAFF_EMAIL: "not-an-email" }, "STAFF_EMAIL"],
    [{ ADMIN_USERNAME: "admin" }, "ADMIN_PASSWORD"],
  ])("rejects %o with a message naming %s", (source, field) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(field));
  });

  describe("text messages", () => {
    const twilio = { TWILIO_ACCOUNT_SID: "AC0123", TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15017122661" };

    it("defaults to Fiji only and 500 parts a day, with Twilio unset", () => {
      const env = parseEnv({});
      expect(env.SMS_ALLOWED_COUNTRIES).toEqual(["679"]);
      expect(env.SMS_DAILY_SEGMENT_CAP).toBe(500);
      expect(env.TWILIO_ACCOUNT_SID).toBeUndefined();
      expect(parseEnv({ SMS_ALLOWED_COUNTRIES: " " }).SMS_ALLOWED_COUNTRIES).toEqual(["679"]);
    });

    it("reads calling codes, with or without +, and the cap", () => {
      const env = parseEnv({ SMS_ALLOWED_COUNTRIES: "679, +61,64", SMS_DAILY_SEGMENT_CAP: "40" });
      expect(env.SMS_ALLOWED_COUNTRIES).toEqual(["679", "61", "64"]);
      expect(env.SMS_DAILY_SEGMENT_CAP).toBe(40);
    });

    it("accepts Twilio with a number or a messaging service", () => {
      expect(parseEnv(twilio).TWILIO_FROM).toBe("+15017122661");
      const service = { ...twilio, TWILIO_FROM: "", TWILIO_MESSAGING_SERVICE_SID: "MG01" };
      expect(parseEnv(service).TWILIO_MESSAGING_SERVICE_SID).toBe("MG01");
    });

    it.each([
      [
        { TWILIO_ACCOUNT_SID: "AC0123", TWILIO_FROM: "+15017122661" },
        /TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together/,
      ],
      [{ TWILIO_AUTH_TOKEN: "token" }, /TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together/],
      [{ ...twilio, TWILIO_FROM: "" }, /TWILIO_FROM: Twilio needs a sender/],
      [{ TWILIO_API_URL: "not a url" }, /TWILIO_API_URL/],
      [{ SMS_ALLOWED_COUNTRIES: "FJ" }, /SMS_ALLOWED_COUNTRIES.*country calling codes/],
      [{ SMS_ALLOWED_COUNTRIES: "6790" }, /SMS_ALLOWED_COUNTRIES/],
      [{ SMS_DAILY_SEGMENT_CAP: "0" }, /SMS_DAILY_SEGMENT_CAP/],
      [{ SMS_DAILY_SEGMENT_CAP: "many" }, /SMS_DAILY_SEGMENT_CAP/],
    ])("rejects %o", (source, message) => {
      expect(() => parseEnv(source)).toThrow(ConfigError);
      expect(() => parseEnv(source)).toThrow(message);
    });
  });

  describe("M-PAiSA", () => {
    const gateway = {
      MPAISA_API_URL: "https://payments-staging.m-paisa.com",
      MPAISA_CLIENT_ID: "client-1",
      MPAISA_CLIENT_SECRET: "secret-1",
    };

    it("takes the gateway origin and the client credentials together", () => {
      expect(parseEnv(gateway)).toMatchObject(gateway);
      for (const left of Object.keys(gateway)) {
        const start = () => parseEnv({ ...gateway, [left]: "" });
        expect(start, left).toThrow(
          /MPAISA_API_URL, MPAISA_CLIENT_ID and MPAISA_CLIENT_SECRET must be set together/,
        );
      }
    });

    it.each(["MPAISA_MERCHANT_ID", "MPAISA_API_KEY", "MPAISA_CALLBACK_SECRET"])(
      "refuses the retired %s, saying what replaced it",
      (name) => {
        const start = () => parseEnv({ ...gateway, [name]: "left-over" });
        expect(start).toThrow(ConfigError);
        expect(start).toThrow(/no longer used: M-PAiSA takes MPAISA_CLIENT_ID and MPAISA_CLIENT_SECRET/);
      },
    );
  });

  describe("the payments sandbox stays on this machine", () => {
    it("listens on 127.0.0.1 by default while the sandbox is on", () => {
      expect(parseEnv({ PAYMENTS_SANDBOX: "true" }).HOST).toBe("127.0.0.1");
      expect(parseEnv({}).HOST).toBe("0.0.0.0");
    });

    it.each([
      { HOST: "127.0.0.1", PUBLIC_URL: "http://localhost:5000" },
      { HOST: "::1", PUBLIC_URL: "http://[::1]:5000" },
      { HOST: "localhost", PUBLIC_URL: "http://127.9.8.7" },
    ])("starts with loopback addresses %o", (source) => {
      expect(parseEnv({ PAYMENTS_SANDBOX: "true", ...source }).PAYMENTS_SANDBOX).toBe(true);
    });

    it.each([
      { HOST: "0.0.0.0" },
      { HOST: "192.168.1.20" },
      { PUBLIC_URL: "https://rpas.example.fj" },
      { HOST: "127.0.0.1", PUBLIC_URL: "http://127.0.0.1.evil.example" },
    ])("refuses to start with %o, naming both variables", (source) => {
      const start = () => parseEnv({ PAYMENTS_SANDBOX: "true", ...source });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(/PAYMENTS_SANDBOX.*HOST and PUBLIC_URL/);
    });
  });
});
