// A small local SMTP server for tests: nodemailer's real SMTP client talks to it. It records every message and can
// be told to refuse mail, like a mail server that is down or rejecting.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface FakeSmtp {
  url: string;
  messages: { from: string; to: string[]; raw: string }[];
  refuse: boolean;
  /** While true, a message's final reply is held back (a slow mail server) until release() is called. */
  hold: boolean;
  /** Resolves once a message has arrived and is being held. */
  held(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const waiting: (() => void)[] = [];
  let onHeld: (() => void) | undefined;
  let heldOnce: Promise<void> = new Promise((resolve) => {
    onHeld = resolve;
  });
  const fake: FakeSmtp = {
    url: "",
    messages: [],
    refuse: false,
    hold: false,
    held: () => heldOnce,
    release() {
      fake.hold = false;
      for (const reply of waiting.splice(0)) reply();
      heldOnce = new Promise((resolve) => {
        onHeld = resolve;
      });
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        if (fake.refuse) {
          callback(Object.assign(new Error("Mailbox unavailable, try later"), { responseCode: 451 }));
          return;
        }
        const accept = () => {
          fake.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        };
        if (!fake.hold) return accept();
        waiting.push(accept);
        onHeld?.();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  fake.close = () => {
    fake.release();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
