// A card payment that just went through on /payment leaves the e-mail it paid for here (this tab only), so the portal
// it opens 2 seconds later can ask for that address's sign-in code and hold the code field ready (ADR 063). Paying
// proves nothing about owning the address, so the payment never signs anyone in by itself: the code in the mailbox
// does.

const KEY = "portal.afterPayment";

export interface AfterPayment {
  email: string;
  /** The sign-in code for it was already asked for (a reload must not send another). */
  codeSent: boolean;
}

export function rememberPaidEmail(email: string): void {
  const address = email.trim();
  if (!address) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ email: address, codeSent: false }));
  } catch {
    // Storage disabled: the portal then shows its ordinary Sign in link.
  }
}

export function readAfterPayment(): AfterPayment | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<AfterPayment> | null;
    return typeof saved?.email === "string" && saved.email
      ? { email: saved.email, codeSent: saved.codeSent === true }
      : null;
  } catch {
    return null;
  }
}

export function markCodeSent(email: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ email, codeSent: true }));
  } catch {
    // As above.
  }
}

export function forgetAfterPayment(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
