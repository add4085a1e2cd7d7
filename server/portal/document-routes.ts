// The premium library: GET /api/documents (published documents, searchable) and its categories for everyone;
// downloads for subscribers whose access is current, each one recorded.

import { asc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  DOCUMENT_UNAVAILABLE_MESSAGE,
  isSampleFile,
  LibraryDocumentListSchema,
  LibraryQuerySchema,
  PublicCategoryListSchema,
  SAMPLE_DOCUMENT_MESSAGE,
} from "../../shared/library";
import {
  DocumentIdParamsSchema,
  SIGN_IN_REQUIRED_MESSAGE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from "../../shared/portal";
import { documentCategories } from "../db/schema";
import { recordDownload } from "../library/downloads";
import { downloadFileName } from "../library/files";
import { findDownloadable, listPublished } from "../library/queries";
import { findSubscription, hasAccess } from "../payments/subscriptions";
import { readUserSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { DOCUMENT_ID } from "./documents";

export const DOCUMENT_NOT_FOUND = DOCUMENT_NOT_FOUND_MESSAGE;

/** A signed link outlives the access check that gave it by this much at most. */
export const SIGNED_LINK_SECONDS = 300;

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/documents",
    { schema: { querystring: LibraryQuerySchema, response: { 200: LibraryDocumentListSchema } } },
    async (request) => listPublished(app.db, request.query),
  );

  app.get(
    "/api/documents/categories",
    { schema: { response: { 200: PublicCategoryListSchema } } },
    async () =>
      app.db
        .select({ id: documentCategories.id, name: documentCategories.name })
        .from(documentCategories)
        .orderBy(asc(documentCategories.position), asc(documentCategories.name)),
  );

  // The answer is the file (or a redirect to a short-lived link to it), so only the path is in the contract.
  app.get(
    "/api/documents/:id/download",
    { schema: { params: DocumentIdParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      // Drafts and scheduled documents are not there yet for subscribers: the same 404 as an unknown id.
      const document = DOCUMENT_ID.test(id) ? await findDownloadable(app.db, id) : undefined;
      if (!document) throw httpError(404, DOCUMENT_NOT_FOUND);
      const session = await readUserSession(app.db, app.userCookie.read(request));
      if (!session) throw httpError(401, SIGN_IN_REQUIRED_MESSAGE);
      // Checked here, on every download: the portal's enabled button is a convenience, not the guard.
      if (!hasAccess(await findSubscription(app.db, session.email))) {
        throw httpError(403, SUBSCRIPTION_REQUIRED_MESSAGE);
      }
      // A sample file is a placeholder paragraph, not the document its card describes: nobody is sold it.
      if (isSampleFile({ documentId: id, ...document })) throw httpError(409, SAMPLE_DOCUMENT_MESSAGE);
      const fileName = downloadFileName(document.title, document.fileType);
      const unavailable = (error?: unknown) => {
        request.log.error({ err: error, document: id, key: document.storageKey }, "library file unavailable");
        return httpError(503, DOCUMENT_UNAVAILABLE_MESSAGE);
      };
      // The file is found before the download is counted: a download that cannot happen is not recorded. A HEAD
      // request (Fastify answers one for every GET) only asks about the file, so it is never counted either.
      const storage = app.storage;
      const count = () =>
        request.method === "HEAD"
          ? Promise.resolve()
          : recordDownload(app.db, { documentId: id, version: document.version, userId: session.userId });
      if (storage.signedDownloadUrl) {
        let present: boolean;
        try {
          present = await storage.exists(document.storageKey);
        } catch (error) {
          throw unavailable(error);
        }
        if (!present) throw unavailable();
        const url = await storage
          .signedDownloadUrl(document.storageKey, {
            expiresInSeconds: SIGNED_LINK_SECONDS,
            fileName,
            contentType: document.contentType,
          })
          .catch((error: unknown) => {
            throw unavailable(error);
          });
        await count();
        return reply.header("Cache-Control", "private, no-store").redirect(url, 302);
      }
      const opened = await storage.getStream(document.storageKey).catch((error: unknown) => {
        throw unavailable(error);
      });
      if (!opened) throw unavailable();
      try {
        await count();
      } catch (error) {
        opened.stream.destroy();
        throw error;
      }
      return reply
        .header("Content-Type", document.contentType)
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .header("Content-Length", String(opened.byteSize))
        .header("Cache-Control", "private, no-store")
        .send(opened.stream);
    },
  );
};
