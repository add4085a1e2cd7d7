// The page GET /api/logout shows when the navigation came from another site: signing out there would let any page
// sign a visitor out behind their back, so the visitor confirms with a button (a same-site POST, CSRF-checked).
import { COMPANY } from "../../shared/company";
import { escapeHtml, plainPage } from "./plain-page";

export const SIGN_OUT_TITLE = "Sign out?";
export const SIGN_OUT_BUTTON = "Sign out";

export function signOutPage(): string {
  return plainPage(
    SIGN_OUT_TITLE,
    `<h1>${SIGN_OUT_TITLE}</h1><p>Do you want to sign out of the ${escapeHtml(COMPANY.name)} Document Portal?</p>
<form method="post" action="/api/logout"><button type="submit">${SIGN_OUT_BUTTON}</button></form>
<p>Or go back to the <a href="/portal">Document Portal</a> and stay signed in.</p>`,
  );
}
