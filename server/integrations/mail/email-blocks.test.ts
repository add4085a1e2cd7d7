// How an e-mail's text is read into the blocks of its HTML part (the whole e-mails are in all-emails.test.ts).
import { describe, expect, it } from "vitest";
import { emailBlocks, inlineOf } from "./email-blocks";

const COMPANY = "Pacific Sky RPAS";
const link = (href: string) => ({ kind: "link", href });
const text = (value: string) => ({ kind: "text", text: value });

describe("emailBlocks", () => {
  it("joins a paragraph's wrapped lines, and keeps the break after a sentence or a link", () => {
    const blocks = emailBlocks(
      "The fee is due by Friday and you are next on the\nlist. Pay here.\nThen reply.",
      COMPANY,
    );
    expect(blocks).toEqual([
      {
        kind: "paragraph",
        content: [
          text("The fee is due by Friday and you are next on the"),
          text(" "),
          text("list. Pay here."),
          { kind: "break" },
          text("Then reply."),
        ],
      },
    ]);
  });

  it("reads two or more 'Label: value' lines as a details table, with links in values", () => {
    const [table] = emailBlocks("Course: Basic RPAS Pilot\nPay it here: https://x.example/pay/1", COMPANY);
    expect(table).toEqual({
      kind: "details",
      rows: [
        { label: "Course", value: [text("Basic RPAS Pilot")] },
        { label: "Pay it here", value: [link("https://x.example/pay/1")] },
      ],
    });
    // One such line is a sentence ("Thank you: we have received…").
    expect(emailBlocks("Thank you: we have received your payment.", COMPANY)[0]?.kind).toBe("paragraph");
  });

  it("reads '- ' and '1. ' lines as lists, the line before them a paragraph", () => {
    expect(emailBlocks("What happens next:\n1. We review it.\n2. We call you.", COMPANY)).toEqual([
      { kind: "paragraph", content: [text("What happens next:")] },
      { kind: "list", ordered: true, items: [[text("We review it.")], [text("We call you.")]] },
    ]);
    expect(emailBlocks("- One\n- Two", COMPANY)).toEqual([
      { kind: "list", ordered: false, items: [[text("One")], [text("Two")]] },
    ]);
  });

  it("makes a link alone on its line a button, labelled by a short lead-in or by the link itself", () => {
    expect(emailBlocks("Or open this link and confirm:\nhttps://x.example/sign-in?token=1", COMPANY)).toEqual(
      [{ kind: "button", href: "https://x.example/sign-in?token=1", label: "Or open this link and confirm" }],
    );
    expect(
      emailBlocks("We held your seat. To keep it, pay the fee here:\nhttps://x.example/pay/1", COMPANY),
    ).toEqual([
      { kind: "paragraph", content: [text("We held your seat.")] },
      { kind: "button", href: "https://x.example/pay/1", label: "To keep it, pay the fee here" },
    ]);
    const long =
      "Please confirm your e-mail address so that we keep your seat while we review your application:";
    expect(emailBlocks(`${long}\nhttps://x.example/confirm`, COMPANY)).toEqual([
      { kind: "paragraph", content: [text(long)] },
      { kind: "button", href: "https://x.example/confirm", label: "https://x.example/confirm" },
    ]);
  });

  it("shows an indented line alone (a sign-in code) as a code, and leaves the signature to the footer", () => {
    const blocks = emailBlocks(
      `Use this code:\n\n    482913\n\n${COMPANY}\nLevel 2, Suva, Fiji\n+679 330 1234`,
      COMPANY,
    );
    expect(blocks).toEqual([
      { kind: "paragraph", content: [text("Use this code:")] },
      { kind: "code", text: "482913" },
    ]);
  });
});

describe("links in text", () => {
  it("leave a sentence's closing punctuation out, where the HTML part links them", () => {
    const line = "Follow it at https://x.example/my-training. Or (https://x.example/a?b=1), done";
    expect(inlineOf(line)).toEqual([
      text("Follow it at "),
      link("https://x.example/my-training"),
      text(". Or ("),
      link("https://x.example/a?b=1"),
      text("), done"),
    ]);
  });
});
