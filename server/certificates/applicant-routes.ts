// The holder's certificates on /my-training (signed in with the e-mail code or OIDC, as the rest of the page):
// the list, each PDF, and hiding one from the number-and-surname search. Someone else's certificate is a 404,
// exactly like one that does not exist. Never behind the portal subscription.
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { CertificateSchema, CertificateVisibilitySchema } from "../../shared/certificates";
import { fijiToday } from "../../shared/fiji-time";
import { certificates } from "../db/schema";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { applicantEmail } from "../training/applicant-routes";
import { CERTIFICATE_NOT_FOUND, setHiddenFromSearch } from "./certificate-changes";
import { sendCertificatePdf } from "./certificate-files";
import { certificateById, certificateView } from "./certificate-rows";

export const applicantCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.env.PUBLIC_URL;

  app.get(
    "/api/my-training/certificates",
    { schema: { response: { 200: z.array(CertificateSchema) } } },
    async (request, reply) => {
      const email = await applicantEmail(app, request);
      const rows = await app.db
        .select()
        .from(certificates)
        .where(eq(certificates.email, email))
        .orderBy(desc(certificates.createdAt), desc(certificates.id));
      reply.header("Cache-Control", "no-store");
      const today = fijiToday();
      return rows.map((row) => certificateView(row, publicUrl, today));
    },
  );

  app.get(
    "/api/my-training/certificates/:id/pdf",
    { schema: { params: idParam } },
    async (request, reply) => {
      const email = await applicantEmail(app, request);
      const row = await certificateById(app.db, request.params.id, email);
      if (!row) throw httpError(404, CERTIFICATE_NOT_FOUND);
      return sendCertificatePdf(app, reply, row);
    },
  );

  app.patch(
    "/api/my-training/certificates/:id",
    {
      schema: { params: idParam, body: CertificateVisibilitySchema, response: { 200: CertificateSchema } },
    },
    async (request) => {
      const email = await applicantEmail(app, request);
      const row = await setHiddenFromSearch(app, request.params.id, email, request.body.hiddenFromSearch);
      if (!row) throw httpError(404, CERTIFICATE_NOT_FOUND);
      return certificateView(row, publicUrl);
    },
  );
};
