// The page GET /api/logout shows when the navigation came from another site: signing out there would let any page
// sign a visitor out behind their back, so the visitor confirms with a button (a same-site POST, CSRF-checked).
import { COMPANY } from "../../shared/company";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{line-height:1.5}form{margin-top:1.25rem}
button{width:100%;padding:.7rem;border-radius:.5rem;font-size:1rem;cursor:pointer;border:1px solid #b91c1c;
background:#b91c1c;color:#fff}a{color:#1d4ed8}`;

export const SIGN_OUT_TITLE = "Sign out?";
export const SIGN_OUT_BUTTON = "Sign out";

export function signOutPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Sign out - ${COMPANY.name}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><h1>${SIGN_OUT_TITLE}</h1><p>Do you want to sign out of the ${COMPANY.name} Document Portal?</p>
<form method="post" action="/api/logout"><button type="submit">${SIGN_OUT_BUTTON}</button></form>
<p>Or go back to the <a href="/portal">Document Portal</a> and stay signed in.</p></main></body></html>`;
}
