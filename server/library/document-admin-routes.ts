// Staff manage the library (docs/product.md, Document library): list every document, upload one (multipart: the
// metadata field, then the file), replace its file (a new version), restore an earlier version, change its text and
// publish state, delete it, and see who downloaded it. Registered in the staff-only scope of server/app.ts.
import { randomBytes } from "node:crypto";
import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CATEGORY_NOT_FOUND_MESSAGE,
  DOCUMENT_NOT_FOUND_MESSAGE,
  DocumentDownloadPageSchema,
  DocumentMetadataSchema,
  DocumentParamsSchema,
  DocumentVersionListSchema,
  documentDownloadsQuery,
  formatFileSize,
  StaffDocumentSchema,
  staffDocumentList,
  subscriberDownloadList,
  VERSION_NOT_FOUND_MESSAGE,
  VersionParamsSchema,
} from "../../shared/library";
import { OkSchema } from "../../shared/wire";
import { documentCategories, documentVersions } from "../db/schema";
import { httpError } from "../plugins/errors";
import { staffAction, staffName } from "../plugins/session";
import { staffList } from "../plugins/staff-list";
import {
  addVersion,
  createDocument,
  deleteDocument,
  nextVersion,
  pgCode,
  publishTime,
  restoreVersion,
  updateMetadata,
} from "./changes";
import { listDocumentDownloads, listSubscriberDownloads } from "./downloads";
import { newDocumentId, versionKey } from "./files";
import { findForStaff, listForStaff } from "./queries";
import { discard, filePart, MULTIPART_LIMITS, removeStored, requireLibraryType, storeUpload } from "./upload";

export const DETAILS_MISSING =
  "The document's details are missing or not readable: send the metadata field before the file.";

/** The metadata field of an upload, parsed with the form's schema; its first problem is the 400's message. */
function parseMetadata(raw: unknown) {
  if (raw === undefined) throw httpError(400, DETAILS_MISSING);
  let json: unknown;
  try {
    json = typeof raw === "string" ? JSON.parse(raw) : raw;
  } catch {
    throw httpError(400, DETAILS_MISSING);
  }
  const parsed = DocumentMetadataSchema.safeParse(json ?? {});
  if (!parsed.success)
    throw httpError(400, parsed.error.issues[0]?.message ?? "Check the document's details.");
  return parsed.data;
}

const uploadTag = () => randomBytes(4).toString("hex");

export const libraryDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this scope reads multipart bodies; every other route keeps the 1 MB JSON limit.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  staffList(app, staffDocumentList, (query) => listForStaff(app.db, query));

  const requireDocument = async (id: string) => {
    const found = await findForStaff(app.db, id);
    if (!found) throw httpError(404, DOCUMENT_NOT_FOUND_MESSAGE);
    return found;
  };

  app.post(
    "/api/admin/library/documents",
    { schema: { response: { 201: StaffDocumentSchema } } },
    async (request, reply) => {
      const part = await filePart(request);
      const field = part.fields.metadata;
      let metadata: ReturnType<typeof parseMetadata>;
      let category: { id: number; name: string } | undefined;
      try {
        metadata = parseMetadata(field && "value" in field ? field.value : undefined);
        [category] = await app.db
          .select({ id: documentCategories.id, name: documentCategories.name })
          .from(documentCategories)
          .where(eq(documentCategories.id, metadata.categoryId));
        if (!category) throw httpError(400, CATEGORY_NOT_FOUND_MESSAGE);
      } catch (error) {
        discard(part);
        throw error;
      }
      const { fileName, type } = requireLibraryType(part);
      const id = newDocumentId(metadata.title, uploadTag());
      const file = await storeUpload(app, request, part, type, versionKey(id, 1, type));
      const actor = staffName(request);
      try {
        await createDocument(
          app.db,
          { ...metadata, id, category, publishAt: publishTime(metadata.publish, null) },
          { documentId: id, version: 1, fileName, file, uploadedBy: actor },
          {
            ...staffAction(request),
            action: "library.document.added",
            subject: id,
            details: {
              title: metadata.title,
              fileName,
              byteSize: file.byteSize,
              publish: metadata.publish.state,
            },
          },
        );
      } catch (error) {
        await removeStored(app, file.key);
        // The category was deleted while the file was on its way.
        if (pgCode(error) === "23503") throw httpError(400, CATEGORY_NOT_FOUND_MESSAGE);
        throw error;
      }
      return reply.status(201).send(await requireDocument(id));
    },
  );

  app.post(
    "/api/admin/library/documents/:id/versions",
    { schema: { params: DocumentParamsSchema, response: { 201: StaffDocumentSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const part = await filePart(request);
      try {
        await requireDocument(id);
      } catch (error) {
        discard(part);
        throw error;
      }
      const { fileName, type } = requireLibraryType(part);
      const version = await nextVersion(app.db, id);
      // The random tail keeps two uploads racing for the same number from writing over each other's file.
      const file = await storeUpload(app, request, part, type, versionKey(id, version, type, uploadTag()));
      let added = false;
      try {
        added = await addVersion(
          app.db,
          { documentId: id, version, fileName, file, uploadedBy: staffName(request) },
          {
            ...staffAction(request),
            action: "library.document.file_replaced",
            subject: id,
            details: { version, fileName, byteSize: file.byteSize },
          },
        );
      } catch (error) {
        await removeStored(app, file.key);
        if (pgCode(error) === "23505") {
          throw httpError(
            409,
            "Another file for this document was uploaded at the same time. Please try again.",
          );
        }
        if (pgCode(error) === "23503") throw httpError(404, DOCUMENT_NOT_FOUND_MESSAGE);
        throw error;
      }
      if (!added) {
        await removeStored(app, file.key);
        throw httpError(404, DOCUMENT_NOT_FOUND_MESSAGE);
      }
      return reply.status(201).send(await requireDocument(id));
    },
  );

  app.get(
    "/api/admin/library/documents/:id/versions",
    { schema: { params: DocumentParamsSchema, response: { 200: DocumentVersionListSchema } } },
    async (request) => {
      const document = await requireDocument(request.params.id);
      const rows = await app.db
        .select()
        .from(documentVersions)
        .where(eq(documentVersions.documentId, document.id));
      return rows
        .sort((a, b) => b.version - a.version)
        .map((row) => ({
          version: row.version,
          fileName: row.fileName,
          fileType: row.fileType,
          byteSize: row.byteSize,
          fileSize: formatFileSize(row.byteSize),
          uploadedBy: row.uploadedBy,
          uploadedAt: row.uploadedAt,
          current: row.version === document.currentVersion,
        }));
    },
  );

  app.post(
    "/api/admin/library/documents/:id/versions/:version/restore",
    { schema: { params: VersionParamsSchema, response: { 200: StaffDocumentSchema } } },
    async (request) => {
      const { id, version } = request.params;
      await requireDocument(id);
      const restored = await restoreVersion(app.db, id, version, {
        ...staffAction(request),
        action: "library.document.version_restored",
        subject: id,
        details: { version },
      });
      if (!restored) throw httpError(404, VERSION_NOT_FOUND_MESSAGE);
      return requireDocument(id);
    },
  );

  app.patch(
    "/api/admin/library/documents/:id",
    {
      schema: {
        params: DocumentParamsSchema,
        body: DocumentMetadataSchema,
        response: { 200: StaffDocumentSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      await updateMetadata(app.db, id, change, {
        ...staffAction(request),
        action: "library.document.updated",
        subject: id,
        details: { title: change.title, categoryId: change.categoryId, publish: change.publish.state },
      });
      return requireDocument(id);
    },
  );

  app.delete(
    "/api/admin/library/documents/:id",
    { schema: { params: DocumentParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const keys = await deleteDocument(app.db, id, {
        ...staffAction(request),
        action: "library.document.deleted",
        subject: id,
      });
      if (!keys) throw httpError(404, DOCUMENT_NOT_FOUND_MESSAGE);
      // After the commit: a file that cannot be removed now is only wasted space, never a broken download.
      for (const key of keys) await removeStored(app, key);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/admin/library/documents/:id/downloads",
    {
      schema: {
        params: DocumentParamsSchema,
        querystring: documentDownloadsQuery,
        response: { 200: DocumentDownloadPageSchema },
      },
    },
    async (request) => {
      await requireDocument(request.params.id);
      return listDocumentDownloads(app.db, request.params.id, request.query);
    },
  );

  staffList(app, subscriberDownloadList, (query) => listSubscriberDownloads(app.db, query));
};
