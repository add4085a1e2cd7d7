// How money is written on the site (docs/product.md, Money on the page): one function, three styles. Kept apart
// from the parsing in money.ts (and its zod) so the public pages' scripts carry only these few lines (ADR 007).
import { CURRENCY, groupThousands } from "./constants";

/**
 * How money is written (docs/product.md, Money on the page):
 * - "full": "FJD 2,800.00", always with cents: staff views, /my-training, course pay pages, e-mails and receipts;
 * - "public": "FJD 2,800", or "FJD 2,800.50" when there are cents: the public pages (landing, services, enrollment,
 *   schedule, portal);
 * - "payment": "FJD $50.00", the spec's own strings on the /payment order summary and its Pay button, nowhere else.
 */
export type MoneyStyle = "full" | "public" | "payment";

/**
 * Integer cents as text in `style`; a negative amount takes its minus before the currency ("-FJD 10.00"). No Intl and
 * no floating point, so the server's prerender and the browser's hydration write the same characters (ADR 011).
 */
export function formatFjd(cents: number, style: MoneyStyle = "full"): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? "-" : "";
  const size = Math.abs(whole);
  const dollars = groupThousands(Math.floor(size / 100));
  const rest = size % 100;
  const amount = style === "public" && rest === 0 ? dollars : `${dollars}.${String(rest).padStart(2, "0")}`;
  return `${sign}${CURRENCY} ${style === "payment" ? "$" : ""}${amount}`;
}
