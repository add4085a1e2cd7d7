// The owner's pictures (ADR 060): POST /api/admin/media takes one upload (multipart: `kind`, `alt`, then `file`) and
// stores its sized copies; PUT /api/admin/brand makes an uploaded picture the logo or the hero (or removes it), which
// every served page then shows (ADR 036). Owner only; mounted in the staff-only scope of app.ts.
import { createHash } from "node:crypto";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { UPLOAD_INCOMPLETE_MESSAGE } from "../../shared/library";
import {
  AltTextSchema,
  BrandPatchSchema,
  type BrandSetting,
  BrandSettingSchema,
  MAX_MEDIA_BYTES,
  MEDIA_FILE_REQUIRED_MESSAGE,
  MEDIA_NOT_FOUND_MESSAGE,
  MEDIA_STORAGE_UNAVAILABLE_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_TOO_MANY_PARTS_MESSAGE,
  MEDIA_WRONG_KIND_MESSAGE,
  MediaAnswerSchema,
  MediaKindSchema,
} from "../../shared/media";
import { httpError } from "../plugins/errors";
import { requireOwner, staffAction } from "../plugins/session";
import { readSettings, updateSettings } from "../settings/settings";
import { PictureRefused, pictureCopies, pictureType } from "./images";
import { pictureById, savePicture } from "./pictures";
import { prepareShareImage } from "./serve-routes";

const LIMITS = { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 };

/** The upload's fields and file bytes, whatever order the parts came in; 4xx for anything malformed or too large. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!request.isMultipart()) throw httpError(400, MEDIA_FILE_REQUIRED_MESSAGE);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || bytes !== null) {
          (part as MultipartFile).file.resume();
          continue;
        }
        bytes = await part.toBuffer();
      } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw httpError(413, MEDIA_TOO_LARGE_MESSAGE);
    // Busboy's other limits (too many parts or fields) answer 413 too: say what to send instead.
    const tooMany = (error as { statusCode?: number }).statusCode === 413;
    throw httpError(400, tooMany ? MEDIA_TOO_MANY_PARTS_MESSAGE : UPLOAD_INCOMPLETE_MESSAGE);
  }
  return { fields, bytes };
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this scope reads multipart bodies; every other route keeps the 1 MB JSON limit.
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });

  app.post(
    "/api/admin/media",
    { onRequest: requireOwner, schema: { response: { 201: MediaAnswerSchema } } },
    async (request, reply) => {
      const { fields, bytes } = await readUpload(request);
      const kind = MediaKindSchema.safeParse(fields.kind);
      if (!kind.success) throw httpError(400, kind.error.issues[0]?.message ?? "");
      const alt = AltTextSchema.safeParse(fields.alt ?? "");
      if (!alt.success) throw httpError(400, alt.error.issues[0]?.message ?? "");
      if (!bytes || bytes.length === 0) throw httpError(400, MEDIA_FILE_REQUIRED_MESSAGE);
      let copies: Awaited<ReturnType<typeof pictureCopies>>;
      try {
        await pictureType(bytes);
        copies = await pictureCopies(bytes, kind.data);
      } catch (error) {
        if (error instanceof PictureRefused) throw httpError(error.statusCode, error.message);
        throw error;
      }
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      let saved: Awaited<ReturnType<typeof savePicture>>;
      try {
        saved = await savePicture(
          app.db,
          app.storage,
          { kind: kind.data, alt: alt.data, sha256, copies },
          staffAction(request),
        );
      } catch (error) {
        request.log.error({ err: error }, "a picture could not be stored");
        throw httpError(503, MEDIA_STORAGE_UNAVAILABLE_MESSAGE);
      }
      return reply.status(201).send({ id: saved.mediaId, ...saved });
    },
  );

  app.put(
    "/api/admin/brand",
    { onRequest: requireOwner, schema: { body: BrandPatchSchema, response: { 200: BrandSettingSchema } } },
    async (request) => {
      const current = (await readSettings(app.db)).brand;
      const next: BrandSetting = { ...current };
      for (const place of ["logo", "hero"] as const) {
        const choice = request.body[place];
        if (choice === undefined) continue;
        if (choice === null) {
          next[place] = null;
          continue;
        }
        const found = await pictureById(app.db, choice.mediaId, choice.alt);
        if (!found) throw httpError(404, MEDIA_NOT_FOUND_MESSAGE);
        if (found.kind !== place) throw httpError(400, MEDIA_WRONG_KIND_MESSAGE(place));
        const { kind: _kind, ...picture } = found;
        next[place] = picture;
      }
      const saved = await updateSettings(app.db, { brand: next }, staffAction(request));
      app.siteDetails.changed();
      const { details } = await app.siteDetails.current();
      // Drawn now rather than at the first share preview's request; a failure here is drawn again on request.
      await prepareShareImage(app, details.brand.shareImage).catch((error: unknown) =>
        request.log.warn({ err: error }, "the share image could not be drawn yet"),
      );
      return saved.brand;
    },
  );
};
