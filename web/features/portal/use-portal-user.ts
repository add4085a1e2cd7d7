// Who is looking at the portal: GET /api/auth/user, where a 401 is the ordinary signed-out answer.

import { formatFijiLongDate } from "@shared/fiji-time";
import type { CurrentUser } from "@shared/portal";
import { SIGNED_IN_HINT_COOKIE } from "@shared/portal-access";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getQueryFn } from "@/lib/query-client";

export const CURRENT_USER_KEY = ["/api/auth/user"] as const;

export type PortalUser = CurrentUser;

export interface PortalUserState {
  /** null until the server has answered, and for visitors who are not signed in. */
  user: PortalUser | null;
  /** The server has said nobody is signed in (any error counts as that too). */
  signedOut: boolean;
}

/** The server sets a readable hint cookie beside the HttpOnly session; without it nobody can be signed in. */
function hasSignedInHint(): boolean {
  return document.cookie.split("; ").some((pair) => pair.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

export function usePortalUser(): PortalUserState {
  // null until mounted: the prerendered page and the first client render must agree.
  const [hint, setHint] = useState<boolean | null>(null);
  useEffect(() => setHint(hasSignedInHint()), []);
  // Visitors who never signed in are not asked about: no 401 in their console, one request fewer.
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    enabled: hint === true,
  });
  // Only the hint, `data` and the error decide what renders, all empty before mount, so hydration sees the same
  // (signed-out looking) markup.
  return { user: query.data ?? null, signedOut: hint === false || query.data === null || query.isError };
}

/** Header greeting: first name, else e-mail, else 'User' (docs/product.md, Premium Document Portal). */
export function displayName(user: Pick<PortalUser, "firstName" | "email">): string {
  return user.firstName || user.email || "User";
}

/** A subscriber whose access is current may download (the server checks again on every download). */
export function hasAccess(user: PortalUser | null): boolean {
  return user?.subscription?.hasAccess === true;
}

/**
 * The last day of access as a Fiji date, e.g. "22 December 2026". One millisecond is taken off first: a period that
 * ends at midnight has its last day before that midnight, and for any other end time this changes nothing.
 */
export function formatAccessEnd(isoEnd: string): string {
  return formatFijiLongDate(new Date(Date.parse(isoEnd) - 1));
}
