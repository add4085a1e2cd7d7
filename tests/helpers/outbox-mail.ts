// Reads what the file mailer wrote (DATA_DIR/outbox/*.eml): the sign-in tests take their code and link from it,
// exactly as a subscriber would from their inbox, and parsedMailsTo reads whole messages as a mail program does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";

/** The newest .eml addressed to `to`, with quoted-printable soft breaks undone. */
export function latestMailTo(dataDir: string, to: string): string | null {
  const dir = join(dataDir, "outbox");
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return null;
  }
  const mails = names
    .sort()
    .reverse()
    .map((name) =>
      readFileSync(join(dir, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    );
  return mails.find((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(mail)) ?? null;
}

export function signInCodeFrom(mail: string): { code: string; token: string } {
  const code = /^\s+(\d{6})\s*$/m.exec(mail)?.[1];
  const token = /\/sign-in\/confirm\?token=([\w-]+)/.exec(mail)?.[1];
  if (!code || !token) throw new Error(`no sign-in code in:\n${mail}`);
  return { code, token };
}

/** Every .eml written to `to`, oldest first, parsed as a mail program parses it (headers decoded, text unwrapped). */
export async function parsedMailsTo(dataDir: string, to: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, "outbox");
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const mails = await Promise.all(names.sort().map((name) => simpleParser(readFileSync(join(dir, name)))));
  const address = to.toLowerCase();
  const addressed = (mail: ParsedMail) =>
    [mail.to ?? []].flat().some((list) => list.value.some((one) => one.address?.toLowerCase() === address));
  return mails.filter(addressed);
}
