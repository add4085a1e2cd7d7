// The owner's pictures and the share image, served by the app itself from app.storage (local disk or S3), so pages
// keep img-src 'self' and the store never needs to be public (ADR 060). Names carry their content's hash: each
// answer may be cached for a year, and its ETag is that hash.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { renderShareImage, shareImageInputsFor } from "./share-image";

const MEDIA_NAME = /^([a-f0-9]{32})\.webp$/;
const SHARE_NAME = /^([a-f0-9]{32})\.png$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(reply: FastifyReply) {
  return reply
    .status(404)
    .type("text/plain; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send("Not found");
}

async function sendStored(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  hash: string,
  contentType: string,
) {
  const stored = await app.storage.getStream(key);
  if (!stored) return null;
  const etag = `"${hash}"`;
  reply
    .header("Cache-Control", IMMUTABLE)
    .header("ETag", etag)
    .header("X-Content-Type-Options", "nosniff")
    // Share previews are fetched by other sites' crawlers.
    .header("Cross-Origin-Resource-Policy", "cross-origin");
  if (request.headers["if-none-match"] === etag) {
    stored.stream.destroy();
    return reply.status(304).send();
  }
  return reply.type(contentType).header("Content-Length", stored.byteSize).send(stored.stream);
}

/** Draws and stores the share image at `path` (/og/<hash>.png) unless it is stored already; false if unknown here. */
export async function prepareShareImage(app: FastifyInstance, path: string | null): Promise<boolean> {
  if (!path) return false;
  const key = path.slice(1);
  if (await app.storage.exists(key)) return true;
  const inputs = shareImageInputsFor(path);
  if (!inputs) return false;
  const logo = inputs.logoUrl ? await app.storage.get(inputs.logoUrl.slice(1)) : null;
  const png = await renderShareImage({ name: inputs.name, tagline: inputs.tagline, logo });
  await app.storage.put(key, png, "image/png");
  return true;
}

export async function mediaServeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>("/media/:name", async (request, reply) => {
    const hash = MEDIA_NAME.exec(request.params.name)?.[1];
    if (!hash) return notFound(reply);
    return (
      (await sendStored(app, request, reply, `media/${request.params.name}`, hash, "image/webp")) ??
      notFound(reply)
    );
  });

  app.get<{ Params: { name: string } }>("/og/:name", async (request, reply) => {
    const hash = SHARE_NAME.exec(request.params.name)?.[1];
    if (!hash) return notFound(reply);
    const key = `og/${request.params.name}`;
    const sent = await sendStored(app, request, reply, key, hash, "image/png");
    if (sent) return sent;
    // Not stored yet: drawn now when it is the current details' image (the details read first, so a change made
    // through another instance is known here too).
    await app.siteDetails.current();
    if (!(await prepareShareImage(app, `/${key}`))) return notFound(reply);
    return (await sendStored(app, request, reply, key, hash, "image/png")) ?? notFound(reply);
  });
}
