// The HTML part of every e-mail: one React Email layout around the blocks of the template's own text
// (email-blocks.ts), so the words and links are the text part's (ADR 049). Branded with the company's name, logo
// and contact details as Settings hold them when the message is sent. Built for mail programs: tables and inline
// styles (React Email's components), one fluid column at most 600px wide, colours that read in light and dark
// mode, no image needed to understand it, no tracking pixel and every link as written. Loaded at the first message
// (its own chunk in the build), like the mail transport.
import { Column, Container, Head, Html, Row, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { CSSProperties, ReactNode } from "react";
import { COMPANY } from "../../../shared/company";
import { type Block, emailBlocks, type Inline } from "./email-blocks";
import { EMAIL_LOGO_PATH } from "./mailer";

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
// Navy and teal from the favicon; dark text on white. Mail programs that darken e-mails invert the light ones and
// keep the navy band and the teal button, which read on both.
const COLOURS = { navy: "#0f2a5c", teal: "#0f766e", text: "#1e293b", muted: "#475569", page: "#f1f5f9" };

// Only what the common mail programs support (all-emails.test.ts checks every e-mail with doiuse-email): no
// <body> styles (several apps drop the element), no hidden preview text (display:none), no target attribute, no
// rounded corners, white-space, word-break or opacity. Long links wrap where the apps break long words themselves.
const styles = {
  page: { backgroundColor: COLOURS.page, fontFamily: FONT, padding: "0" },
  container: { width: "100%", maxWidth: "600px", backgroundColor: "#ffffff" },
  header: { backgroundColor: COLOURS.navy, padding: "16px 24px" },
  brand: { color: "#ffffff", fontSize: "20px", lineHeight: "28px", fontWeight: "bold", margin: "0" },
  content: { padding: "8px 24px 16px" },
  paragraph: { color: COLOURS.text, fontSize: "16px", lineHeight: "24px", margin: "16px 0" },
  link: { color: COLOURS.teal, textDecoration: "underline" },
  label: {
    color: COLOURS.muted,
    fontSize: "14px",
    lineHeight: "20px",
    padding: "4px 12px 4px 0",
    verticalAlign: "top",
  },
  value: {
    color: COLOURS.text,
    fontSize: "15px",
    lineHeight: "20px",
    padding: "4px 0",
    verticalAlign: "top",
  },
  list: { color: COLOURS.text, fontSize: "16px", lineHeight: "24px", margin: "16px 0", paddingLeft: "24px" },
  buttonCell: { backgroundColor: COLOURS.teal, padding: "12px 20px" },
  button: {
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: "bold",
    lineHeight: "22px",
    textDecoration: "none",
  },
  code: {
    color: COLOURS.navy,
    fontFamily: "'Courier New', Courier, monospace",
    fontSize: "32px",
    lineHeight: "40px",
    fontWeight: "bold",
    letterSpacing: "6px",
    margin: "16px 0",
  },
  footer: { borderTop: "1px solid #cbd5e1", padding: "16px 24px 24px" },
  footerText: { color: COLOURS.muted, fontSize: "13px", lineHeight: "20px", margin: "0" },
} satisfies Record<string, CSSProperties>;

/** Layout tables are read as tables by nothing: screen readers skip them as tables. */
const layoutTable = { role: "presentation", cellPadding: 0, cellSpacing: 0, border: 0 } as const;

function InlineContent({ content }: { content: readonly Inline[] }): ReactNode {
  return content.map((part, i) => {
    // Positions are the identity here: the content never reorders.
    const key = String(i);
    if (part.kind === "break") return <br key={key} />;
    if (part.kind === "link")
      return (
        <a key={key} href={part.href} style={styles.link}>
          {part.href}
        </a>
      );
    return part.text;
  });
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case "paragraph":
      return (
        <Text style={styles.paragraph}>
          <InlineContent content={block.content} />
        </Text>
      );
    case "details":
      return (
        <table {...layoutTable} style={{ margin: "16px 0" }}>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.label}>
                <td style={styles.label}>{row.label}</td>
                <td style={styles.value}>
                  <InlineContent content={row.value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={String(i)}>
          <InlineContent content={item} />
        </li>
      ));
      return block.ordered ? <ol style={styles.list}>{items}</ol> : <ul style={styles.list}>{items}</ul>;
    }
    case "button":
      // A coloured cell with the link in it: the same in every program, Outlook for Windows included.
      return (
        <table {...layoutTable} style={{ margin: "16px 0" }}>
          <tbody>
            <tr>
              <td style={styles.buttonCell}>
                <a href={block.href} style={styles.button}>
                  {block.label}
                </a>
              </td>
            </tr>
          </tbody>
        </table>
      );
    case "code":
      return <Text style={styles.code}>{block.text}</Text>;
  }
}

export function EmailLayout({
  subject,
  text,
  publicUrl,
}: {
  subject: string;
  text: string;
  publicUrl: string;
}): ReactNode {
  const blocks = emailBlocks(text, COMPANY.name);
  const address = [COMPANY.address.street, COMPANY.address.city, COMPANY.address.country].join(", ");
  return (
    <Html lang="en">
      <Head>
        <title>{subject}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
      </Head>
      <table {...layoutTable} width="100%" style={styles.page}>
        <tbody>
          <tr>
            <td align="center">
              <Container style={styles.container}>
                <Section style={styles.header}>
                  <Row>
                    <Column width="60">
                      <img
                        src={`${publicUrl}${EMAIL_LOGO_PATH}`}
                        width="48"
                        height="48"
                        alt={`${COMPANY.name} logo`}
                        // Shown in place of the image where images are off: it must read on the navy band.
                        style={{ border: "0", color: "#ffffff", fontSize: "12px" }}
                      />
                    </Column>
                    <Column>
                      <Text style={styles.brand}>{COMPANY.name}</Text>
                    </Column>
                  </Row>
                </Section>
                <Section style={styles.content}>
                  {blocks.map((block, i) => (
                    <BlockView key={String(i)} block={block} />
                  ))}
                </Section>
                <Section style={styles.footer}>
                  <Text style={{ ...styles.footerText, fontWeight: "bold" }}>{COMPANY.name}</Text>
                  <Text style={styles.footerText}>{address}</Text>
                  <Text style={styles.footerText}>
                    {COMPANY.phones[0].display} · {COMPANY.emails[0].address}
                  </Text>
                </Section>
              </Container>
            </td>
          </tr>
        </tbody>
      </table>
    </Html>
  );
}

/** The HTML part for a message's subject and text, with the company details as they are now. */
export function renderEmailHtml(
  message: { subject: string; text: string },
  publicUrl: string,
): Promise<string> {
  return render(<EmailLayout subject={message.subject} text={message.text} publicUrl={publicUrl} />);
}
