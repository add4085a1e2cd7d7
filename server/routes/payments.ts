// Placeholder registered by server/app.ts; the payment endpoints of SPEC section 7 are being written.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const paymentRoutes: FastifyPluginAsyncZod = async () => {};
