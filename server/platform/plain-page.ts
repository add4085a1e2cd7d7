// The shell of the few pages the server writes itself, outside the prerendered site (signing out from another site's
// link, a form that was posted before the page could send it): self-contained, no script, kept out of search results.
import { COMPANY } from "../../shared/company";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{line-height:1.5}form{margin-top:1.25rem}
button{width:100%;padding:.7rem;border-radius:.5rem;font-size:1rem;cursor:pointer;border:1px solid #b91c1c;
background:#b91c1c;color:#fff}a{color:#1d4ed8}`;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/**
 * Text for HTML, in element content and in quoted attributes alike: the one escape of every value the server puts
 * into HTML it builds (the company's details come from the owner's settings, so they are escaped like any other
 * value). The same entities React writes, so a value escaped here matches the same value in a prerendered page.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A whole page: `title` is escaped here, `body` is HTML the caller built (escaping its values); `style` adds rules. */
export function plainPage(title: string, body: string, style = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} - ${escapeHtml(COMPANY.name)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}${style}</style></head>
<body><main>${body}</main></body></html>`;
}
