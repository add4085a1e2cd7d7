// The monthly digest e-mail (docs/product.md, Monthly digest): the documents that became public or were updated in
// the past month, a link to the portal, and the unsubscribe link in the text and in the List-Unsubscribe headers
// (RFC 8058 one-click: a mail program's "Unsubscribe" button posts to it without opening a page).
import { COMPANY } from "../../shared/company";
import { greeting, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

export interface DigestDocument {
  title: string;
  category: string;
  /** "new": it became public in the month; "updated": public before, its file or text changed in the month. */
  change: "new" | "updated";
}

export interface DigestLetter {
  to: string;
  /** The subscriber's first name, when their sign-in gave one. */
  firstName: string | null;
  monthLabel: string;
  documents: readonly DigestDocument[];
  portalUrl: string;
  unsubscribe: { page: string; oneClick: string };
}

const line = (doc: DigestDocument) => mailText`- ${doc.title} (${doc.category})`;

function section(heading: string, docs: readonly DigestDocument[]): string {
  return docs.length === 0 ? "" : mailText`${heading}\n${docs.map(line).join("\n")}\n\n`;
}

export function digestEmail(letter: DigestLetter): EmailMessage {
  const added = letter.documents.filter((doc) => doc.change === "new");
  const updated = letter.documents.filter((doc) => doc.change === "updated");
  return {
    to: letter.to,
    subject: mailText`New in the Document Portal: ${letter.monthLabel}`,
    headers: {
      "List-Unsubscribe": mailText`<${letter.unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: mailText`${greeting(letter.firstName)}

Here is what changed in the ${COMPANY.name} Document Portal in ${letter.monthLabel}.

${section("New documents:", added)}${section("Updated documents:", updated)}Sign in to download them:
${letter.portalUrl}

You get this e-mail once a month because you subscribe to the Document Portal.
To stop it (your subscription stays as it is):
${letter.unsubscribe.page}

${signature()}`,
  };
}
