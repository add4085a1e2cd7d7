// An e-mail's text, as the template wrote it with `mailText`, read into the blocks its HTML part shows (ADR 049).
// The text stays the one source: the HTML part says the same words and carries the same links, only laid out for a
// mail program. What the text's shape means:
// - blank lines separate blocks; within a paragraph, a line ending a sentence (or a link) keeps its line break and
//   any other line break is only the text's wrapping, so it becomes a space;
// - two or more "Label: value" lines and nothing else are a details table;
// - "- " and "1. " lines are a list (the line before them, in the same block, stays a paragraph);
// - a link alone on a line is a button, labelled by the short lead-in before it ("Or open this link and confirm:"),
//   or by the link itself when what comes before is not one; any other link in the text is a plain link;
// - an indented line alone (a sign-in code) is shown large;
// - the closing block that starts with the company's name (the signature) is left to the footer, which shows the
//   same details from Settings.

export type Inline = { kind: "text"; text: string } | { kind: "link"; href: string } | { kind: "break" };

export type Block =
  | { kind: "paragraph"; content: Inline[] }
  | { kind: "details"; rows: { label: string; value: Inline[] }[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "button"; href: string; label: string }
  | { kind: "code"; text: string };

/** An http(s) address in running text; the sentence's closing punctuation is not part of it. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;
const URL_ALONE = /^https?:\/\/\S+$/;
const LABEL_LINE = /^([A-Z][^:]{0,40}?): (\S.*)$/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^\d{1,2}\. (.*)$/;
const INDENTED = /^ {2,}\S/;
/** A lead-in longer than this stays a sentence, and its button shows the link itself. */
export const BUTTON_LABEL_MAX = 60;

/** Text with its links made links. */
export function inlineOf(text: string): Inline[] {
  const content: Inline[] = [];
  let rest = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, "");
    if (match.index > rest) content.push({ kind: "text", text: text.slice(rest, match.index) });
    content.push({ kind: "link", href });
    rest = match.index + href.length;
  }
  if (rest < text.length) content.push({ kind: "text", text: text.slice(rest) });
  return content;
}

/** A paragraph's lines: a line that ends a sentence or a link keeps its break, the text's wrapping does not. */
function paragraphOf(lines: readonly string[]): Inline[] {
  const content: Inline[] = [];
  lines.forEach((line, i) => {
    content.push(...inlineOf(line.trim()));
    if (i === lines.length - 1) return;
    const endsSentence = /[.:!?]$/.test(line.trim()) || URL_ALONE.test(line.trim().split(" ").at(-1) ?? "");
    content.push(endsSentence ? { kind: "break" } : { kind: "text", text: " " });
  });
  return content;
}

/** The lead-in sentence before a link alone on its line: taken for the button when short, and then not repeated. */
function buttonFor(pending: string[], href: string): { label: string; before: string[] } {
  const joined = pending.map((line) => line.trim()).join(" ");
  const sentences = joined.split(/(?<=[.!?])\s+/);
  const last = sentences.at(-1) ?? "";
  if (last.endsWith(":") && last.length <= BUTTON_LABEL_MAX) {
    const label = last.slice(0, -1);
    const rest = sentences.slice(0, -1).join(" ");
    return { label: label.charAt(0).toUpperCase() + label.slice(1), before: rest ? [rest] : [] };
  }
  return { label: href, before: pending };
}

function blocksOf(lines: readonly string[]): Block[] {
  if (lines.length <= 3 && lines.every((line) => INDENTED.test(line))) {
    return [{ kind: "code", text: lines.map((line) => line.trim()).join("\n") }];
  }
  if (lines.length >= 2 && lines.every((line) => LABEL_LINE.test(line))) {
    const rows = lines.map((line) => {
      const [, label = "", value = ""] = LABEL_LINE.exec(line) ?? [];
      return { label, value: inlineOf(value) };
    });
    return [{ kind: "details", rows }];
  }
  const blocks: Block[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) blocks.push({ kind: "paragraph", content: paragraphOf(pending) });
    pending = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (item) {
      flush();
      const ordered = !BULLET.test(line);
      const items: Inline[][] = [];
      for (; i < lines.length; i++) {
        const next = lines[i] ?? "";
        const match = (ordered ? NUMBERED : BULLET).exec(next);
        if (!match) break;
        items.push(inlineOf(match[1] ?? ""));
      }
      i--;
      blocks.push({ kind: "list", ordered, items });
    } else if (URL_ALONE.test(line.trim())) {
      const href = line.trim();
      const { label, before } = buttonFor(pending, href);
      pending = before;
      flush();
      blocks.push({ kind: "button", href, label });
    } else {
      pending.push(line);
    }
  }
  flush();
  return blocks;
}

/** The blocks of an e-mail's text, its signature (the block that starts with the company's name) left out. */
export function emailBlocks(text: string, companyName: string): Block[] {
  const chunks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split("\n").map((line) => line.trimEnd()))
    .map((lines) => lines.filter((line, i) => line !== "" || (i > 0 && i < lines.length - 1)))
    .filter((lines) => lines.length > 0);
  const last = chunks.at(-1);
  if (chunks.length > 1 && last?.[0]?.trim() === companyName) chunks.pop();
  return chunks.flatMap(blocksOf);
}
