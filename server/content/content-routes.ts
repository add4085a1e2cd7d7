// The Content view's API (ADR 058, shared/content/api.ts): staff read and draft the owner's words, the owner
// publishes; a preview renders a page with the draft, apart from what the public pages render from (ADR 059).
// Staff only: the scope in app.ts guards it.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ContentDiscardSchema,
  ContentDraftSaveSchema,
  ContentPreviewSchema,
  ContentPublishSchema,
  ContentRestoreSchema,
  ContentSavedSchema,
  type ContentState,
  ContentStateSchema,
  STALE_DRAFT_MESSAGE,
} from "../../shared/content/api";
import { type TextValue, textProblems } from "../../shared/content/text-tree";
import { NOT_FOUND_FILE } from "../../shared/routes";
import { prepareShareImage } from "../media/serve-routes";
import { contentBlockOf, withSiteDetails } from "../platform/site-details-pages";
import { httpError } from "../plugins/errors";
import { requireOwner, staffAction } from "../plugins/session";
import {
  changedIds,
  discardDraft,
  publishDraft,
  readDraft,
  readHistory,
  readPublished,
  restoreVersion,
  saveDraft,
  type WriteResult,
} from "./content-store";

export const SITE_NOT_BUILT_MESSAGE =
  "The Content view needs the built site: run `npm run build` and restart.";
export const NOTHING_TO_PUBLISH_MESSAGE = "There is nothing new to publish: the draft is what visitors see.";
export const UNKNOWN_VERSION_MESSAGE = "That version does not exist.";
export const UNKNOWN_PAGE_MESSAGE = "There is no such page to preview.";
/** New testimonials come from reviews whose authors agreed (ADR 061), never typed in: the samples may only shrink. */
const NO_NEW_TESTIMONIALS =
  "Home page: testimonials: new testimonials come from client reviews whose authors agreed to be featured, not from the Content view.";

async function sectionsOf(app: FastifyInstance) {
  if (!app.siteRenderer) throw httpError(503, SITE_NOT_BUILT_MESSAGE);
  const renderer = await app.siteRenderer.load();
  return renderer.seededSections();
}

function answer(result: WriteResult | "unknown"): { revision: number } {
  if (result === "stale") throw httpError(409, STALE_DRAFT_MESSAGE);
  if (result === "nothing") throw httpError(409, NOTHING_TO_PUBLISH_MESSAGE);
  if (result === "unknown") throw httpError(404, UNKNOWN_VERSION_MESSAGE);
  return result;
}

/**
 * Pages and e-mails follow a publish at once here, and within the refresh window on other instances; a new tagline
 * draws a new share image now rather than at the first share preview's request (ADR 060).
 */
async function published(app: FastifyInstance, request: FastifyRequest) {
  app.siteDetails.changed();
  try {
    const { details } = await app.siteDetails.current();
    await prepareShareImage(app, details.brand.shareImage);
  } catch (error) {
    request.log.warn({ err: error }, "the share image could not be drawn yet");
  }
}

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/content", { schema: { response: { 200: ContentStateSchema } } }, async (request) => {
    const sections = await sectionsOf(app);
    const [draft, live, history] = await Promise.all([
      readDraft(app.db),
      readPublished(app.db),
      readHistory(app.db),
    ]);
    const draftSections = draft?.sections ?? live.sections;
    const titles = new Map(sections.map((section) => [section.id, section.title]));
    const state: ContentState = {
      revision: draft?.revision ?? 0,
      draftUpdatedBy: draft?.updatedBy ?? null,
      draftUpdatedAt: draft?.updatedAt?.toISOString() ?? null,
      unpublished: changedIds(live.sections, draftSections).filter((id) => titles.has(id)),
      publishedVersion: live.version,
      sections: sections.map((section) => ({
        ...section,
        draft: draftSections[section.id] ?? section.seeded,
        published: live.sections[section.id] ?? section.seeded,
        publishedAt: live.changedAt[section.id]?.toISOString() ?? null,
      })),
      history: history.map((row) => ({
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: row.publishedBy,
        changed: row.changed,
        restoredFrom: row.restoredFrom,
      })),
      canPublish: request.admin?.role === "owner",
    };
    return state;
  });

  app.put(
    "/api/admin/content/draft",
    { schema: { body: ContentDraftSaveSchema, response: { 200: ContentSavedSchema } } },
    async (request) => {
      const sections = await sectionsOf(app);
      const known = new Map(sections.map((section) => [section.id, section]));
      const problems: string[] = [];
      for (const [id, value] of Object.entries(request.body.sections)) {
        const section = known.get(id);
        if (!section) {
          problems.push(`There is no content section "${id}".`);
          continue;
        }
        problems.push(
          ...textProblems(section.seeded, value).map((problem) => `${section.title}: ${problem}.`),
        );
        if (
          id === "home.testimonials" &&
          Array.isArray(value) &&
          Array.isArray(section.seeded) &&
          value.length > section.seeded.length
        )
          problems.push(NO_NEW_TESTIMONIALS);
      }
      if (problems.length > 0) throw httpError(400, problems.slice(0, 5).join(" "));
      const seeded = new Map(sections.map((section) => [section.id, section.seeded]));
      const result = await saveDraft(
        app.db,
        {
          revision: request.body.revision,
          sections: request.body.sections as Record<string, TextValue>,
          seeded,
        },
        staffAction(request),
      );
      return answer(result);
    },
  );

  app.post(
    "/api/admin/content/publish",
    {
      preHandler: requireOwner,
      schema: { body: ContentPublishSchema, response: { 200: ContentSavedSchema } },
    },
    async (request) => {
      const result = await publishDraft(app.db, request.body, staffAction(request));
      if (typeof result === "object") await published(app, request);
      return answer(result);
    },
  );

  app.post(
    "/api/admin/content/discard",
    { schema: { body: ContentDiscardSchema, response: { 200: ContentSavedSchema } } },
    async (request) => answer(await discardDraft(app.db, request.body, staffAction(request))),
  );

  app.post(
    "/api/admin/content/restore",
    { schema: { body: ContentRestoreSchema, response: { 200: ContentSavedSchema } } },
    async (request) => answer(await restoreVersion(app.db, request.body, staffAction(request))),
  );

  app.post(
    "/api/admin/content/preview",
    { schema: { body: ContentPreviewSchema } },
    async (request, reply) => {
      const site = app.siteRenderer;
      if (!site) throw httpError(503, SITE_NOT_BUILT_MESSAGE);
      const path = request.body.path;
      const template = path === NOT_FOUND_FILE ? undefined : site.pages.built.get(path);
      if (!template) throw httpError(404, UNKNOWN_PAGE_MESSAGE);
      const [renderer, current, draft] = await Promise.all([
        site.load(),
        app.siteDetails.current(),
        readDraft(app.db),
      ]);
      const state = {
        details: current.details,
        sections: draft?.sections ?? current.content.sections,
        featured: current.content.featured,
      };
      const rendered = await renderer.renderPage(path, state, app.env.PUBLIC_URL);
      const html = withSiteDetails(template, rendered, current.details, contentBlockOf(state));
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
    },
  );
};
