// The monthly digest's unsubscribe (docs/product.md, Monthly digest): what the /unsubscribe page shows and what the
// one-click POST /api/digest/unsubscribe answers. Kept apart from the portal's contracts: only that page reads it.
import * as z from "zod/mini";

export const UNSUBSCRIBE_PATH = "/unsubscribe";
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/digest/unsubscribe";

export const UNSUBSCRIBE_INVALID_MESSAGE =
  "This unsubscribe link is not valid. Use the link in your latest digest e-mail, or write to us and we will take you off the list.";
export const UNSUBSCRIBED_MESSAGE = "You are unsubscribed from the monthly digest.";

/** The link's token query (the page's form posts it back as a field). */
export const UnsubscribeQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(100))) });

/** What a mail program posts (RFC 8058): "List-Unsubscribe=One-Click", as a form or multipart; nothing else counts. */
export const OneClickBodySchema = z.nullish(
  z.object({ "List-Unsubscribe": z.optional(z.literal("One-Click")) }),
);

/** POST /api/digest/unsubscribe answers this (RFC 8058 one-click: mail programs call it, nobody reads it). */
export const UnsubscribedSchema = z.object({ message: z.string() });

/** What the server puts in the /unsubscribe page's answer slot. */
export type UnsubscribeAnswer =
  | { kind: "confirm"; email: string; token: string }
  | { kind: "done"; email: string }
  /** The page opened without a link's token (typed, or from a search): it says where the link is. */
  | { kind: "no-link" }
  | { kind: "invalid" };
