// Which mailbox an e-mail address reaches, as a key to compare applications by (docs/product.md, "Place limits").
// Many mail services deliver "name+anything@" to "name@", and Gmail also ignores dots in the name and treats
// googlemail.com as gmail.com, so one inbox can apply under many spellings. The key folds those spellings into one;
// the address as typed is still what the site signs people in with and writes to.

/** The domains whose mailboxes ignore dots in the local part: Gmail's two names for one service. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox key of an address: lower case, the `+tag` dropped from the local part, and for gmail.com and
 * googlemail.com the dots dropped too and the domain written gmail.com. Other domains keep their dots (many
 * company mail servers treat "j.smith" and "jsmith" as two people). Applying it twice changes nothing.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  const plus = local.indexOf("+");
  if (plus >= 0) local = local.slice(0, plus);
  if (!GMAIL_DOMAINS.has(domain)) return `${local}@${domain}`;
  return `${local.replaceAll(".", "")}@gmail.com`;
}
