/**
 * The text of some served HTML: tags removed, the entities a renderer writes decoded (React writes `&#x27;` and
 * `&gt;`), runs of space as one. For assertions that must not depend on the renderer's escaping.
 */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
