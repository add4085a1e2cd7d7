// The e-mail sign-in calls (shared/portal.ts) and what the screens do with their answers: after a sign-in the
// session is known to the portal at once, and the visitor lands where they started, if that is on this site.
import type { CodeSentSchema, CurrentUser, EmailSignIn, SignedIn, VerifyCode } from "@shared/portal";
import { safeReturnPath } from "@shared/return-path";
import { isSitePath } from "@shared/routes";
import type { Wire } from "@shared/wire";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { CURRENT_USER_KEY } from "@/features/portal/use-portal-user";
import { httpStatus, serverMessage } from "@/lib/api";
import { apiRequest } from "@/lib/query-client";

export type { SignedIn };

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await apiRequest("POST", url, body);
  return (await res.json()) as T;
}

export const signInApi = {
  requestCode: (body: EmailSignIn) => postJson<Wire<typeof CodeSentSchema>>("/api/login/email", body),
  verifyCode: (body: VerifyCode) => postJson<SignedIn>("/api/login/email/verify", body),
  confirmLink: (token: string) => postJson<SignedIn>("/api/login/link", { token }),
};

export const DEFAULT_RETURN_TO = "/portal";

/** A path on this site, or undefined: the same check as the server's (shared/return-path.ts). */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  return safeReturnPath(value) ?? undefined;
}

/** The page's own ?returnTo=, as GET /api/login passed it on. Read at submit time, never while rendering. */
export function returnToFromAddress(): string | undefined {
  return safeReturnTo(new URLSearchParams(window.location.search).get("returnTo"));
}

/** Stores the new session's user for the portal and goes to the page the visitor came from. */
export function useFinishSignIn(): (result: SignedIn) => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (result) => {
    queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, result.user);
    const target = safeReturnTo(result.returnTo) ?? returnToFromAddress() ?? DEFAULT_RETURN_TO;
    // Screens of this app open without a reload (and keep the session just stored); anything else loads afresh.
    if (isSitePath(new URL(target, window.location.origin).pathname)) navigate(target);
    else window.location.assign(target);
  };
}

const UNAVAILABLE = "Sign-in is not available right now. Please try again in a moment.";

/**
 * What to tell the visitor about a refused call: the server's own message for a 4xx (invalid address, code or link;
 * too many attempts), else `fallback` for a 4xx without one, and a plain "try again" for outages.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const status = httpStatus(error);
  if (status !== null && status >= 400 && status < 500) return serverMessage(error) ?? fallback;
  return UNAVAILABLE;
}
