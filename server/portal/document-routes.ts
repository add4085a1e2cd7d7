// The premium library: GET /api/documents for everyone; downloads for subscribers whose access is current.
import { createReadStream } from "node:fs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DocumentIdParamsSchema,
  LibraryDocumentListSchema,
  SIGN_IN_REQUIRED_MESSAGE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from "../../shared/portal";
import { findSubscription, hasAccess } from "../payments/subscriptions";
import { readUserSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { countDownload, documentPath, downloadFileName, findDocument, listDocuments } from "./documents";

export const DOCUMENT_NOT_FOUND = "Document not found.";

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/documents", { schema: { response: { 200: LibraryDocumentListSchema } } }, async () =>
    listDocuments(app.db),
  );

  // A PDF download: its answer is the file, so only the path is in the contract.
  app.get(
    "/api/documents/:id/download",
    { schema: { params: DocumentIdParamsSchema } },
    async (request, reply) => {
      const document = await findDocument(app.db, request.params.id);
      if (!document) throw httpError(404, DOCUMENT_NOT_FOUND);
      const session = await readUserSession(app.db, app.userCookie.read(request));
      if (!session) throw httpError(401, SIGN_IN_REQUIRED_MESSAGE);
      // Checked here, on every download: the portal's enabled button is a convenience, not the guard.
      if (!hasAccess(await findSubscription(app.db, session.email))) {
        throw httpError(403, SUBSCRIPTION_REQUIRED_MESSAGE);
      }
      const file = documentPath(app.env.DATA_DIR, document.storageKey);
      if (!file) {
        request.log.error({ document: document.id }, "document file missing");
        throw httpError(404, DOCUMENT_NOT_FOUND);
      }
      await countDownload(app.db, document.id);
      const name = downloadFileName(document.title);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${name}"`)
        .header("Cache-Control", "private, no-store")
        .send(createReadStream(file));
    },
  );
};
