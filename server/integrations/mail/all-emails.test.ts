// Every e-mail the site can send (server/integrations/mail/samples.ts), read as its reader reads it: composed into MIME
// by the real file mailer and parsed back by a mail parser. None may show program text or a missing value where words
// belong (an uncalled function once sent customers its source code in place of the signature), and each arrives as
// a mail program shows it (ADR 049): a text and an HTML part with the same links, all under PUBLIC_URL; its files
// attached; the company's branding, sender and reply address; an HTML part the common mail programs can show.
//
// The samples cannot fall behind the code: an e-mail module is any server file that writes text with `mailText`
// (EmailMessage takes its subject and text from nothing else), found on disk; each must be in the samples, each of
// its exported functions rendered or said to write no e-mail, every template in it tagged with `mailText`, and every
// function in it that returns an e-mail exported, so none hides from the samples.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { doIUseEmail } from "doiuse-email";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY, SEEDED_COMPANY } from "../../../shared/company";
import { createMailer, EMAIL_LOGO_PATH, type EmailMessage, type Mailer } from "./mailer";
import { EMAIL_MODULES, SAMPLE_MAP_URL, SAMPLE_PUBLIC_URL, sampleEmails, variantsOf } from "./samples";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const MAIL_TEXT_FILE = "server/integrations/mail/mail-text.ts";

/** What prints when a template is given a function, an object, a missing value or a bad number or date. */
const PROGRAM_TEXT = [
  "=>",
  "function",
  "undefined",
  "null",
  "NaN",
  "[object",
  "${",
  "Infinity",
  "Invalid Date",
];
const programTextIn = (text: string) => PROGRAM_TEXT.filter((piece) => text.includes(piece));

// ---- The e-mail modules, as the files on disk have them ----

function serverFiles(dir = join(ROOT, "server")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    const source = entry.name.endsWith(".ts") && !/\.(test|d)\.ts$/.test(entry.name);
    return source ? [relative(ROOT, path).split(sep).join("/")] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/** The name the file gives `mailText` when it imports it (null when it does not). */
function mailTextName(source: ts.SourceFile): string | null {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.endsWith("/mail-text")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const imported = bindings.elements.find(
      (e) => (e.propertyName ?? e.name).text === "mailText" && !e.isTypeOnly,
    );
    if (imported) return imported.name.text;
  }
  return null;
}

function nodesOf(source: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return nodes;
}

const where = (source: ts.SourceFile, node: ts.Node) =>
  `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

/** Templates with values in them that do not go through `mailText`: their values could be anything. */
function untaggedTemplates(file: string): string[] {
  const source = sourceOf(file);
  const tag = mailTextName(source);
  return nodesOf(source)
    .filter(ts.isTemplateExpression)
    .filter((node) => {
      const parent = node.parent;
      return !(ts.isTaggedTemplateExpression(parent) && parent.tag.getText(source) === tag);
    })
    .map((node) => `${where(source, node)} ${node.getText(source).slice(0, 60)}`);
}

/** Functions declared to return an e-mail (or several): each must be an export, or the samples cannot reach it. */
function emailWriters(file: string): string[] {
  const source = sourceOf(file);
  return nodesOf(source).flatMap((node) => {
    const fn =
      ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)
        ? node
        : null;
    if (!fn?.type || !/\bEmailMessage\b/.test(fn.type.getText(source))) return [];
    if (ts.isFunctionDeclaration(fn)) return fn.name ? [fn.name.text] : [];
    const holder = fn.parent;
    return ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)
      ? [holder.name.text]
      : [where(source, fn)];
  });
}

/** What one list has that the other has not, both ways: [] and [] when they hold the same names. */
const difference = (actual: readonly string[], expected: readonly string[]) => ({
  missing: expected.filter((name) => !actual.includes(name)),
  extra: actual.filter((name) => !expected.includes(name)),
});

const functionsOf = (namespace: object) =>
  Object.entries(namespace)
    .filter(([, value]) => typeof value === "function")
    .map(([name]) => name)
    .sort();

const discovered = serverFiles()
  .filter((file) => file !== MAIL_TEXT_FILE && mailTextName(sourceOf(file)) !== null)
  .sort();

describe("the e-mail modules", () => {
  it("are found on disk, and each is in the samples (server/integrations/mail/samples.ts)", () => {
    expect(discovered.length).toBeGreaterThan(0);
    // missing: a file writes e-mail text but the samples do not render it; extra: the samples name a file that does not.
    expect(
      difference(
        EMAIL_MODULES.map((module) => module.file),
        discovered,
      ),
    ).toEqual({ missing: [], extra: [] });
  });

  describe.each(EMAIL_MODULES.map((module) => [module.file, module] as const))("%s", (file, module) => {
    it("is the module the samples render", async () => {
      const loaded: Record<string, unknown> = await import(join(ROOT, file));
      const namespace = module.namespace as Record<string, unknown>;
      for (const name of functionsOf(loaded)) expect(namespace[name], name).toBe(loaded[name]);
    });

    it("has every exported function rendered by the samples, or said to write no e-mail", async () => {
      const loaded: object = await import(join(ROOT, file));
      // missing: an export the samples neither render nor explain; extra: a sample for something no longer exported.
      expect(difference(Object.keys(module.samples), functionsOf(loaded))).toEqual({
        missing: [],
        extra: [],
      });
      for (const [name, sample] of Object.entries(module.samples)) {
        if (typeof sample === "function") expect(variantsOf(module, name).length, name).toBeGreaterThan(0);
      }
    });

    it("writes every template with values through mailText", () => {
      expect(untaggedTemplates(file)).toEqual([]);
    });

    it("exports every function that writes an e-mail", async () => {
      const loaded: object = await import(join(ROOT, file));
      expect(emailWriters(file).filter((name) => !functionsOf(loaded).includes(name))).toEqual([]);
    });
  });
});

// ---- Every e-mail, as its reader sees it ----

const EMAILS = sampleEmails().map((sample) => ({
  ...sample,
  label: `${sample.template}: ${sample.variant}`,
}));

const SENDER = "no-reply@pacificskyrpas.com.fj";
const LOGO = `${SAMPLE_PUBLIC_URL}${EMAIL_LOGO_PATH}`;
/** The mail programs most of our readers use, as the e-mail support tables name them (ADR 049). */
const MAIL_PROGRAMS = [
  "gmail.*",
  "apple-mail.*",
  "outlook.windows",
  "outlook.macos",
  "outlook.ios",
  "outlook.android",
  "yahoo.*",
  "samsung-email.android",
  "thunderbird.macos",
];

/** The http(s) links a reader of the text can follow (a sentence's closing punctuation is not part of one). */
function textLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0].replace(/[.,;:!?)'"]+$/, ""));
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Each tag of one kind in the HTML with its attributes (React writes them double-quoted). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((tag) =>
    Object.fromEntries(
      [...(tag[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key = "", value = ""]) => [
        key.toLowerCase(),
        decode(value),
      ]),
    ),
  );
}

const under = (url: string, origin: string) =>
  url === origin || (/^[/?#]/.test(url.slice(origin.length)) && url.startsWith(origin));
/** A header of the message as sent, unfolded (undefined when it has none). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((one) => one.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const firstAddress = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field[0] : field)?.value[0];

describe("every e-mail the site sends, as a mail program shows it", () => {
  let dataDir: string;
  let mailer: Mailer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "all-emails-"));
    mailer = createMailer({ dataDir, from: `Any Name <${SENDER}>`, publicUrl: SAMPLE_PUBLIC_URL });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The message through the real mailer's MIME composition (the .eml it writes), and as a mail client parses it. */
  async function asReceived(message: EmailMessage): Promise<{ raw: string; mail: ParsedMail }> {
    await mailer.send(message);
    const outbox = join(dataDir, "outbox");
    const [name, ...others] = await readdir(outbox);
    expect(others).toEqual([]);
    const path = join(outbox, name ?? "");
    const raw = await readFile(path);
    await rm(path);
    return { raw: raw.toString("utf8"), mail: await simpleParser(raw) };
  }

  it("renders dozens of e-mails, each case once", () => {
    expect(EMAILS.length).toBeGreaterThan(50);
    expect(new Set(EMAILS.map((email) => email.id)).size).toBe(EMAILS.length);
  });

  it.each(EMAILS)("$label", async ({ message, template }) => {
    const { raw, mail } = await asReceived(message);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(message.to);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trimEnd()).toBe(message.text.trimEnd());
    expect(message.text.trim().length).toBeGreaterThan(40);

    const read: [string, string][] = [
      ["subject", mail.subject ?? ""],
      ["text", mail.text ?? ""],
      ...mail.attachments.flatMap((file): [string, string][] => [
        [`${file.filename} (name)`, file.filename ?? ""],
        ...(file.contentType.startsWith("text/")
          ? [[`${file.filename} (content)`, file.content.toString("utf8")] as [string, string]]
          : []),
      ]),
    ];
    for (const [part, text] of read) expect(programTextIn(text), part).toEqual([]);

    // Both parts, text first, as alternatives; with files, the alternatives and the files side by side.
    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toContain("<html");
    const top = /^Content-Type: (multipart\/\w+)/im.exec(raw)?.[1];
    const files = message.attachments ?? [];
    expect(top).toBe(files.length > 0 ? "multipart/mixed" : "multipart/alternative");
    expect(raw).toMatch(
      /Content-Type: multipart\/alternative[\s\S]*Content-Type: text\/plain[\s\S]*Content-Type: text\/html/,
    );
    expect(
      mail.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.content.toString("base64"),
      })),
    ).toEqual(
      files.map((file) => ({
        filename: file.filename,
        contentType: file.contentType.split(";")[0],
        content: file.contentBase64,
      })),
    );

    // The same links in both parts, every one on this site (a mail address or phone number aside), but for the map
    // link staff give an intake's venue.
    const anchors = tags(html, "a").map((a) => a.href ?? "");
    const htmlLinks = anchors.filter((href) => !/^(mailto|tel):/.test(href));
    const links = textLinks(mail.text ?? "");
    for (const link of [...links, ...htmlLinks]) {
      expect(under(link, SAMPLE_PUBLIC_URL) || link === SAMPLE_MAP_URL, link).toBe(true);
    }
    expect(new Set(htmlLinks)).toEqual(new Set(links));

    // Small, branded, and no image but the logo: no tracking pixel, nothing the reader needs the image for.
    expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);
    const images = tags(html, "img");
    expect(images).toEqual([
      expect.objectContaining({ src: LOGO, alt: `${COMPANY.name} logo`, width: "48" }),
    ]);
    expect(html).toContain(COMPANY.address.street);
    expect(html).toContain(COMPANY.emails[0].address);
    expect(html).toMatch(/<meta name="color-scheme" content="light dark"/);

    // The company's name over MAIL_FROM's address; replies to the template's address, or the company's.
    expect(firstAddress(mail.from)).toEqual({ name: COMPANY.name, address: SENDER });
    expect(firstAddress(mail.replyTo)?.address).toBe(message.replyTo ?? COMPANY.emails[0].address);

    // Only the monthly digest is a mailing with an unsubscribe (one click, RFC 8058); the rest are transactional.
    const digest = template === "digestEmail";
    expect(headerOf(raw, "List-Unsubscribe") ?? null).toBe(
      digest ? message.headers?.["List-Unsubscribe"] : null,
    );
    expect(headerOf(raw, "List-Unsubscribe-Post") ?? null).toBe(digest ? "List-Unsubscribe=One-Click" : null);
    if (digest)
      expect(headerOf(raw, "List-Unsubscribe")).toMatch(
        /^<https:\/\/.+\/api\/digest\/unsubscribe\?token=.+>$/,
      );

    // Nothing the common mail programs cannot show (warnings, partial support, are allowed: ADR 049).
    const check = doIUseEmail(html, { emailClients: MAIL_PROGRAMS });
    expect(check.success ? [] : check.errors).toEqual([]);
  });

  it("sends under the company name Settings hold at that moment, encoded when it has macrons", async () => {
    const [sample] = EMAILS;
    if (!sample) throw new Error("no samples");
    COMPANY.name = "Pacific Sky RPAS Tākiri";
    COMPANY.emails[0].address = "kia-ora@pacificsky.example";
    try {
      const { raw, mail } = await asReceived({ ...sample.message, replyTo: null });
      expect(headerOf(raw, "From")).toMatch(/^=\?UTF-8\?[BQ]\?.+\?= <no-reply@pacificskyrpas\.com\.fj>$/);
      expect(firstAddress(mail.from)).toEqual({ name: "Pacific Sky RPAS Tākiri", address: SENDER });
      expect(firstAddress(mail.replyTo)?.address).toBe("kia-ora@pacificsky.example");
      expect(mail.html).toContain("Pacific Sky RPAS Tākiri");
      expect(mail.html).toContain('alt="Pacific Sky RPAS Tākiri logo"');
    } finally {
      Object.assign(COMPANY, JSON.parse(JSON.stringify(SEEDED_COMPANY)));
    }
  });
});
