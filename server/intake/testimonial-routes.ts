// The owner's testimonial decisions on a review (docs/product.md, Testimonials with consent): feature it on the home
// page or stop, and set or remove its photo. Owner only (requireOwner, in the staff scope), each audited; a review
// whose writer did not consent, has withdrawn, or (to feature) is not approved is refused with 409 and why. Served
// pages read featured testimonials, so each change tells app.siteDetails to read afresh.
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AdminReviewSchema } from "../../shared/admin";
import { MEDIA_NOT_FOUND_MESSAGE } from "../../shared/media";
import { ReviewPhotoSchema } from "../../shared/testimonials";
import { pictureById } from "../media/pictures";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { requireOwner, staffAction } from "../plugins/session";
import { staffReview } from "./inbox";
import { featureReview, removeReviewPhoto, setReviewPhoto, unfeatureReview } from "./testimonials";

const NOT_FOUND = "Review not found.";

/** Answers the review as staff see it after the change, or 404; the served pages read the change at once. */
async function changed(app: FastifyInstance, id: number, done: { id: number } | undefined) {
  if (!done) throw httpError(404, NOT_FOUND);
  app.siteDetails.changed();
  const row = await staffReview(app.db, id);
  if (!row) throw httpError(404, NOT_FOUND);
  return row;
}

const NOT_A_TESTIMONIAL_PHOTO =
  "That picture was uploaded as a logo or hero picture: upload it as a testimonial photo.";

export const testimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = {
    preHandler: requireOwner,
    schema: { params: idParam, response: { 200: AdminReviewSchema } },
  };
  app.post("/api/admin/reviews/:id/feature", options, async (request) => {
    const { id } = request.params;
    return changed(app, id, await featureReview(app.db, id, staffAction(request)));
  });
  app.post("/api/admin/reviews/:id/unfeature", options, async (request) => {
    const { id } = request.params;
    return changed(app, id, await unfeatureReview(app.db, id, staffAction(request)));
  });
  app.put(
    "/api/admin/reviews/:id/photo",
    { ...options, schema: { ...options.schema, body: ReviewPhotoSchema } },
    async (request) => {
      const { id } = request.params;
      // A testimonial photo uploaded through the media library (ADR 060): EXIF and GPS already stripped there.
      const picture = await pictureById(app.db, Number(request.body.mediaId));
      if (!picture) throw httpError(404, MEDIA_NOT_FOUND_MESSAGE);
      if (picture.kind !== "testimonial") throw httpError(400, NOT_A_TESTIMONIAL_PHOTO);
      return changed(app, id, await setReviewPhoto(app.db, id, request.body, staffAction(request)));
    },
  );
  app.delete("/api/admin/reviews/:id/photo", options, async (request) => {
    const { id } = request.params;
    return changed(app, id, await removeReviewPhoto(app.db, id, staffAction(request)));
  });
};
