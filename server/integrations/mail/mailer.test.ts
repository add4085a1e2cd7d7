// MAIL_FROM gives the sender's address only (readers see the company name from Settings), and one without an
// address stops the start rather than every message.
import { describe, expect, it } from "vitest";
import { createMailer, senderAddress } from "./mailer";

describe("senderAddress", () => {
  it("takes the address of a name and <address>, or the bare address", () => {
    expect(senderAddress("Pacific Sky RPAS <no-reply@pacificskyrpas.com.fj>")).toBe(
      "no-reply@pacificskyrpas.com.fj",
    );
    expect(senderAddress(' "Sky, RPAS" <bookings@example.fj> ')).toBe("bookings@example.fj");
    expect(senderAddress("no-reply@example.fj")).toBe("no-reply@example.fj");
  });

  it("refuses a MAIL_FROM without an address when the mailer is made", () => {
    expect(() => senderAddress("Pacific Sky RPAS")).toThrow(/MAIL_FROM must be an e-mail address/);
    expect(() =>
      createMailer({ dataDir: "/tmp", from: "Pacific Sky RPAS <>", publicUrl: "https://x.example" }),
    ).toThrow(/MAIL_FROM/);
  });
});
