// The page paints from its HTML alone; its scripts are requested only after the first paint (ADR 033). Lighthouse's
// simulated slow-4G load counts every script requested before the first paint as holding that paint back (on
// /portal it put first and largest paint at 2.2 s instead of 0.8 s); a phone on a weak connection loses the same
// time to scripts competing with the page for the first round trips. Nothing on a prerendered page needs script to
// be read; hydration follows a few milliseconds later.

/** The id of the JSON block that lists the page's scripts: the entry, and the chunks to preload beside it. */
export const SCRIPT_LIST_ID = "app-scripts";

export interface ScriptList {
  entry: string;
  preload: string[];
}

/**
 * Inserts the entry and the preloads once the browser reports its first paint. A hidden tab never paints (and
 * browsers without paint timing never report it), so those load at once; the timer is a last resort. The preloads go
 * in four to a task: starting a request costs the page's main thread a few milliseconds on a slow phone, and twenty
 * in one task were a long task right after the first paint (ADR 042).
 * Written as plain ES5 text: it runs as it is, and its bytes are hashed into the CSP (server/platform/site-pages.ts).
 */
export const LOADER = `(function(){var d=document,done=false;function load(){if(done)return;done=true;var list=JSON.parse(d.getElementById("${SCRIPT_LIST_ID}").textContent);var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=list.entry;d.head.appendChild(s);(function more(){list.preload.splice(0,4).forEach(function(href){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;d.head.appendChild(l)});if(list.preload.length)setTimeout(more)})()}if(d.visibilityState!=="visible"||!("PerformanceObserver" in window)||PerformanceObserver.supportedEntryTypes.indexOf("paint")<0){load();return}new PerformanceObserver(function(){setTimeout(load)}).observe({type:"paint",buffered:true});setTimeout(load,3000)})()`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const ENTRY_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Takes Vite's entry script and its preloads out of the page template; answers the template and what it took. */
export function takeEntryScripts(template: string): { template: string; entry: string; preload: string[] } {
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  if (!entry) throw new Error("The built index.html has no module entry script");
  const preload = [...template.matchAll(ENTRY_PRELOAD)].map((match) => match[1] ?? "");
  return { template: template.replace(ENTRY_SCRIPT, "").replace(ENTRY_PRELOAD, ""), entry, preload };
}

/** The end-of-body tags that load a page's scripts after its first paint. */
export function loaderTags(list: ScriptList): string {
  // '<' is escaped so the JSON can never close the script element early.
  const json = JSON.stringify(list).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${SCRIPT_LIST_ID}">${json}</script><script>${LOADER}</script>`;
}

/** The scripts a built page loads (its entry first), read back from its script list; empty when it has none. */
export function scriptListOf(html: string): string[] {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${SCRIPT_LIST_ID}">([^<]*)</script>`),
  );
  if (!match?.[1]) return [];
  const list = JSON.parse(match[1]) as ScriptList;
  return [list.entry, ...list.preload];
}
