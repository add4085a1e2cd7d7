// The built site's own server renderer, loaded once per process and shared: the served pages are rendered with it
// when the details or the published content change (ADR 036, 059), and the Content view's previews with the draft.
import type { FastifyInstance } from "fastify";
import { loadPageRenderer, type PageRenderer } from "../platform/site-details-pages";
import type { SitePages } from "../platform/site-pages";

export interface SiteRenderer {
  /** The pages as built (their templates) and as served now. */
  pages: SitePages;
  load(): Promise<PageRenderer>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Null when the app serves no site (API-only tests). */
    siteRenderer: SiteRenderer | null;
  }
}

export function siteRendererOf(site: { clientDir: string; pages: SitePages }): SiteRenderer {
  let loading: Promise<PageRenderer> | null = null;
  return {
    pages: site.pages,
    load() {
      loading ??= loadPageRenderer(site.clientDir).catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}

export function decorateSiteRenderer(
  app: FastifyInstance,
  site: { clientDir: string; pages: SitePages } | undefined,
) {
  app.decorate("siteRenderer", site ? siteRendererOf(site) : null);
}
