// Every e-mail the site can send (tests/helpers/email-samples.ts), read as its reader reads it: composed into MIME by
// the real file mailer and parsed back by a mail parser. None may show program text or a missing value where words
// belong (an uncalled function once sent customers its source code in place of the signature).
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
import { type ParsedMail, simpleParser } from "mailparser";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY } from "../../../shared/company";
import { EMAIL_MODULES, type EmailModule, type Variants } from "../../../tests/helpers/email-samples";
import { createMailer, type EmailMessage, type Mailer } from "./mailer";

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
  it("are found on disk, and each is in the samples (tests/helpers/email-samples.ts)", () => {
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

function variantsOf(module: EmailModule, name: string): { label: string; message: EmailMessage }[] {
  const sample = module.samples[name];
  if (typeof sample !== "function") return [];
  const write = (module.namespace as Record<string, unknown>)[name] as never;
  return Object.entries((sample as Variants<never>)(write)).map(([variant, message]) => ({
    label: `${name}: ${variant}`,
    message,
  }));
}

const EMAILS = EMAIL_MODULES.flatMap((module) =>
  Object.keys(module.samples).flatMap((name) => variantsOf(module, name)),
);

describe("every e-mail the site sends, as a mail program shows it", () => {
  let dataDir: string;
  let mailer: Mailer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "all-emails-"));
    mailer = createMailer({ dataDir, from: `${COMPANY.name} <no-reply@pacificskyrpas.com.fj>` });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The message through the real mailer's MIME composition (the .eml it writes), parsed as a mail client would. */
  async function asReceived(message: EmailMessage): Promise<ParsedMail> {
    await mailer.send(message);
    const outbox = join(dataDir, "outbox");
    const [name, ...others] = await readdir(outbox);
    expect(others).toEqual([]);
    const path = join(outbox, name ?? "");
    const raw = await readFile(path);
    await rm(path);
    return simpleParser(raw);
  }

  it("renders dozens of e-mails", () => {
    expect(EMAILS.length).toBeGreaterThan(50);
  });

  it.each(EMAILS)("$label", async ({ message }) => {
    const mail = await asReceived(message);
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
  });
});
