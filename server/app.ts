// Assembles the Fastify app from its plugins and routes. Tests build it with an in-memory database and inject
// requests; server/index.ts builds it from the environment and listens.

import { randomBytes } from "node:crypto";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import backupPlugin, { adminBackupRoutes, localBackupRoutes } from "./backups/backup-routes";
import { adminCertificateRoutes } from "./certificates/admin-routes";
import { applicantCertificateRoutes } from "./certificates/applicant-routes";
import { verifyPageRoutes } from "./certificates/verify-routes";
import { contentRoutes } from "./content/content-routes";
import { warnOfSampleContent } from "./content/sample-content";
import { sampleContentRoutes } from "./content/sample-content-routes";
import { decorateSiteRenderer } from "./content/site-renderer";
import type { Db } from "./db/client";
import { adminEnrollmentRoutes } from "./enrollments/admin-routes";
import { enrollmentRoutes } from "./enrollments/enrollment-routes";
import type { Env } from "./env";
import { contactRoutes } from "./intake/contact-routes";
import { adminInboxRoutes } from "./intake/inbox-routes";
import { intakeNativeForms } from "./intake/native-intake";
import { reviewRoutes } from "./intake/review-routes";
import { startSpamPurgeTimer } from "./intake/spam";
import { adminSpamRoutes } from "./intake/spam-routes";
import { testimonialRoutes } from "./intake/testimonial-routes";
import { withdrawRoutes } from "./intake/withdraw-routes";
import type { SheetsAdapter } from "./integrations/google-sheets";
import type { Mailer } from "./integrations/mail/mailer";
import mailerPlugin from "./integrations/mail/mailer-plugin";
import { createOutboxWorker, type OutboxWorker } from "./integrations/mail/outbox";
import type { OidcClient } from "./integrations/oidc";
import oidcPlugin from "./integrations/oidc-plugin";
import sheetsPlugin from "./integrations/sheets-plugin";
import textMessagesPlugin from "./integrations/sms/sms-plugin";
import type { SmsProvider } from "./integrations/sms/sms-provider";
import { smsStatusRoutes } from "./integrations/sms/sms-status-routes";
import type { StripeAdapter } from "./integrations/stripe";
import stripePlugin from "./integrations/stripe-plugin";
import walletPlugin, { type WalletClient } from "./integrations/wallet-plugin";
import { libraryCategoryRoutes } from "./library/category-routes";
import { startDigestTimer } from "./library/digest";
import { libraryDocumentRoutes } from "./library/document-admin-routes";
import { liveDocuments } from "./library/live-documents";
import { mediaRoutes } from "./media/media-routes";
import { mediaServeRoutes } from "./media/serve-routes";
import { paymentRoutes } from "./payments/payment-routes";
import { sandboxCardRoutes } from "./payments/sandbox-card-routes";
import { stripeRoutes } from "./payments/stripe-routes";
import { adminSubscriptionRoutes } from "./payments/subscriber-routes";
import { walletAdminRoutes } from "./payments/wallet-admin-routes";
import { startReminderTimer } from "./payments/wallet-reminders";
import { walletRoutes } from "./payments/wallet-routes";
import { startWalletStatusTimer } from "./payments/wallet-status";
import { formNotSentRoutes } from "./platform/form-not-sent";
import { healthRoutes } from "./platform/health-routes";
import { combinedLiveSource } from "./platform/live-sources";
import { nativePostRoutes } from "./platform/native-posts";
import type { SitePages } from "./platform/site-pages";
import type { FileStorage } from "./platform/storage";
import storagePlugin from "./platform/storage-plugin";
import contracts from "./plugins/contracts";
import csrf from "./plugins/csrf";
import errors, { errorBody } from "./plugins/errors";
import { type FrontDoor, frontDoor } from "./plugins/front-door";
import { type LogStream, loggerOptions, OneLineRequestLog } from "./plugins/logging";
import noStore from "./plugins/no-store";
import proxyTrust from "./plugins/proxy-trust";
import { RATE_LIMIT_MESSAGE } from "./plugins/public-write";
import security from "./plugins/security";
import session, { requireAdmin } from "./plugins/session";
import staticSite from "./plugins/static-site";
import { documentRoutes } from "./portal/document-routes";
import { seedDocuments } from "./portal/documents";
import { signInNativeForms } from "./portal/native-sign-in";
import { signInCodeKey } from "./portal/sign-in-codes";
import { subscriberAuthRoutes } from "./portal/sign-in-routes";
import { unsubscribePageRoutes, unsubscribeRoutes } from "./portal/unsubscribe-routes";
import { unsubscribeKey } from "./portal/unsubscribe-token";
import { settingsRoutes } from "./settings/settings-routes";
import siteDetailsPlugin from "./settings/site-details-plugin";
import { registerTextContext } from "./sms/booking-texts";
import { numberRoutes, phoneCodeNativeForms, textCodeKey } from "./sms/number-routes";
import { textOptionsRoutes } from "./sms/text-options-routes";
import { smsInboundRoutes, textLinkRoutes, textStopApiRoutes, textStopPageRoutes } from "./sms/text-routes";
import { adminAuthRoutes } from "./staff/auth-routes";
import { staffMfaKey } from "./staff/mfa";
import { adminOutboxRoutes } from "./staff/outbox-routes";
import { adminSecurityRoutes } from "./staff/security-routes";
import { staffAccountRoutes, staffInviteRoutes } from "./staff/staff-account-routes";
import { adminTextRoutes } from "./staff/text-routes";
import { applicantRoutes } from "./training/applicant-routes";
import { applicantTextRoutes } from "./training/applicant-text-routes";
import { confirmLinkKey } from "./training/applicant-token";
import { coursePriceRoutes } from "./training/course-price-routes";
import { coursePaymentAdminRoutes } from "./training/fee-admin-routes";
import { coursePaymentRoutes } from "./training/fee-routes";
import { payLinkKey, registerPayLinks } from "./training/fee-token";
import { startCourseWalletTimer } from "./training/fee-wallet";
import { startHoldReviewTimer } from "./training/hold-reviews";
import { intakeRoutes, publicIntakeRoutes } from "./training/intake-routes";
import { liveSchedule } from "./training/live-schedule";
import { placeRoutes } from "./training/place-routes";
import { placeTextRoutes } from "./training/place-text-routes";
import { startTrainingNoticeTimer } from "./training/reminders";
import { startPlaceLapseTimer } from "./training/seat-lifecycle";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    env: Env;
    outbox: OutboxWorker;
    /** Keys the stored sign-in codes and link tokens (derived from the session secret). */
    signInKey: Buffer;
    /** Seals staff authenticator secrets at rest (server/staff/mfa.ts). */
    mfaKey: Buffer;
    /** Signs the course-fee pay links of offer e-mails (server/training/fee-token.ts). */
    payLinkKey: Buffer;
    /** Signs the application e-mail's address confirmation links (server/training/applicant-token.ts). */
    confirmLinkKey: Buffer;
    /** Makes applicants' number codes and phone-check tokens (server/sms/number-codes.ts). */
    textCodeKey: Buffer;
    /** Where plain page requests are answered before Fastify routes them (ADR 043). */
    frontDoor: FrontDoor;
  }
}

export interface AppOptions {
  env: Env;
  db: Db;
  /** The built site; absent in API-only tests and in development (Vite serves the pages). */
  site?: { clientDir: string; pages: SitePages };
  logger?: boolean;
  /** Log lines go here instead of stdout (tests read them); query strings are redacted either way. */
  logStream?: LogStream;
  /** Defaults to SMTP_URL or the .eml folder under DATA_DIR. */
  mailer?: Mailer;
  /** Defaults to Twilio when TWILIO_ACCOUNT_SID is set, else text files under DATA_DIR/sms. */
  sms?: SmsProvider;
  /** Defaults to S3_URL's store or DATA_DIR/files (server/platform/storage-plugin.ts). */
  storage?: FileStorage;
  /** Stand-ins for the outside services the environment would configure; null means not configured. */
  integrations?: {
    stripe?: StripeAdapter | null;
    wallet?: WalletClient | null;
    sheets?: SheetsAdapter | null;
    oidc?: OidcClient | null;
  };
  /** Signs session cookies; server/index.ts resolves it (SESSION_SECRET or DATA_DIR). Tests get a random one. */
  sessionSecret?: string;
  /** Start the outbox's periodic retry timer (the server does; tests drain by hand). */
  startOutbox?: boolean;
}

/** What visitors, applicants and subscribers call: each route guards itself where it needs to. */
const PUBLIC_ROUTES = [
  healthRoutes,
  localBackupRoutes,
  contactRoutes,
  reviewRoutes,
  enrollmentRoutes,
  publicIntakeRoutes,
  applicantRoutes,
  applicantTextRoutes,
  applicantCertificateRoutes,
  coursePaymentRoutes,
  paymentRoutes,
  walletRoutes,
  sandboxCardRoutes,
  stripeRoutes,
  smsStatusRoutes,
  textOptionsRoutes,
  numberRoutes,
  smsInboundRoutes,
  textLinkRoutes,
  textStopApiRoutes,
  subscriberAuthRoutes,
  documentRoutes,
  unsubscribeRoutes,
  withdrawRoutes,
  mediaServeRoutes,
];

/** The staff dashboard's APIs: each answers only a signed-in staff member (the guard is the scope's, below). */
const STAFF_ONLY_ROUTES = [
  adminEnrollmentRoutes,
  adminBackupRoutes,
  adminInboxRoutes,
  adminSpamRoutes,
  adminOutboxRoutes,
  adminTextRoutes,
  adminSubscriptionRoutes,
  walletAdminRoutes,
  intakeRoutes,
  placeRoutes,
  placeTextRoutes,
  coursePaymentAdminRoutes,
  settingsRoutes,
  coursePriceRoutes,
  staffAccountRoutes,
  adminCertificateRoutes,
  libraryDocumentRoutes,
  libraryCategoryRoutes,
  sampleContentRoutes,
  contentRoutes,
  testimonialRoutes,
  mediaRoutes,
];

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Zod validates and serialises every route (set below): given as the factories too, Fastify never loads its default
 * compilers (Ajv and fast-json-stringify), which cost the start about 50 ms (ADR 039). Their types describe Ajv's.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  // Plain page requests are answered before Fastify routes them (ADR 043); the static site opens the door.
  const door = frontDoor();
  const app = Fastify({
    serverFactory: door.serverFactory,
    genReqId: door.nextRequestId,
    logger:
      options.logger === false && !options.logStream
        ? false
        : loggerOptions(env.LOG_LEVEL, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    schemaController: { compilersFactory: ZOD_COMPILERS },
    logController: new OneLineRequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("frontDoor", door);
  app.decorate("db", options.db);
  decorateSiteRenderer(app, options.site);
  app.decorate("env", env);
  const sessionSecret = options.sessionSecret ?? env.SESSION_SECRET ?? randomBytes(32).toString("hex");
  app.decorate("signInKey", signInCodeKey(sessionSecret));
  app.decorate("mfaKey", staffMfaKey(sessionSecret));
  app.decorate("payLinkKey", payLinkKey(sessionSecret));
  registerPayLinks(options.db, { publicUrl: env.PUBLIC_URL, key: app.payLinkKey });
  app.decorate("confirmLinkKey", confirmLinkKey(sessionSecret));
  app.decorate("unsubscribeKey", unsubscribeKey(sessionSecret));
  app.decorate("textCodeKey", textCodeKey(sessionSecret));

  // Each outside service is decorated once (app.stripe, app.wallet, app.sheets, app.oidc: a client, or null while
  // unconfigured; app.mailer always), and routes and timers read it from there.
  const standIns = options.integrations ?? {};
  await app.register(stripePlugin, { client: standIns.stripe });
  await app.register(walletPlugin, { client: standIns.wallet });
  await app.register(sheetsPlugin, { client: standIns.sheets });
  await app.register(oidcPlugin, { client: standIns.oidc });
  await app.register(mailerPlugin, { client: options.mailer });
  // app.sms and app.textOutbox: text messages (issue 34), sent by the worker started below with the e-mail outbox.
  await app.register(textMessagesPlugin, { client: options.sms });
  // The texts the seat and payment rules decide are made with it (they are handed the database, not the app).
  registerTextContext(options.db, app.textContext);
  // app.storage: certificate PDFs and library files, on S3_URL's store or under DATA_DIR/files.
  await app.register(storagePlugin, { storage: options.storage });
  // Idempotent: every instance makes sure the starting documents exist (once per install) and older documents'
  // files are in app.storage.
  await seedDocuments(options.db, app.storage, env.DATA_DIR, app.log);
  // A public site still showing the first-run samples says so once, at start (never for local development).
  await warnOfSampleContent(options.db, env.PUBLIC_URL, app.log);
  // app.siteDetails: the company details and course prices the pages and e-mails show (ADR 036).
  await app.register(siteDetailsPlugin, { refresh: options.startOutbox === true });

  // app.backups: the archive target and the local token; the daily backup runs with the other timers.
  await app.register(backupPlugin, { startTimer: options.startOutbox });
  await app.register(errors);
  await app.register(security, {
    https: env.PUBLIC_URL.startsWith("https://"),
    scriptHashes: options.site?.pages.scriptHashes ?? [],
    stripe: app.stripe !== null,
  });
  await app.register(session, {
    https: env.PUBLIC_URL.startsWith("https://"),
    secret: sessionSecret,
  });
  await app.register(noStore);
  await app.register(proxyTrust, { trustProxy: env.TRUST_PROXY });
  await app.register(csrf);
  await app.register(contracts);
  // Dynamic responses only: pages and assets are already compressed.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  app.decorate("outbox", createOutboxWorker(options.db, app.mailer, app.log));
  if (options.startOutbox) app.outbox.start();
  if (options.startOutbox) app.textOutbox.start();
  if (options.startOutbox) startReminderTimer(app);
  if (options.startOutbox) startSpamPurgeTimer(app);
  if (options.startOutbox) startWalletStatusTimer(app);
  if (options.startOutbox) startCourseWalletTimer(app);
  if (options.startOutbox) startPlaceLapseTimer(app);
  if (options.startOutbox) startTrainingNoticeTimer(app);
  if (options.startOutbox) startHoldReviewTimer(app);
  if (options.startOutbox) startDigestTimer(app);
  app.addHook("onClose", () => app.outbox.stop());
  app.addHook("onClose", () => app.textOutbox.stop());

  if (env.RATE_LIMIT_PUBLIC_PER_MINUTE > 0) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        ...errorBody(RATE_LIMIT_MESSAGE),
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
    });
  }

  for (const routes of PUBLIC_ROUTES) await app.register(routes);
  // Signing in and the account's own security steps guard each route themselves (some are open by design).
  await app.register(adminAuthRoutes);
  await app.register(adminSecurityRoutes);
  await app.register(staffInviteRoutes);
  // Everything in this scope is for signed-in staff only: the guard runs before a body is even read, and
  // tests/api/staff-guard.test.ts walks every registered staff route to prove none is open.
  await app.register(async (staffOnly) => {
    staffOnly.addHook("onRequest", requireAdmin);
    for (const routes of STAFF_ONLY_ROUTES) await staffOnly.register(routes);
  });

  if (options.site) {
    // The certificate check answers its page itself (the form's result, /verify/<code>).
    await app.register(verifyPageRoutes, options.site);
    // The digest's unsubscribe page answers itself too (the link's token, the button's form POST).
    await app.register(unsubscribePageRoutes, options.site);
    // And so does the texts' opt-out page (the stop link's code, the buttons' form POSTs).
    await app.register(textStopPageRoutes, options.site);
    // The public forms posted without script (contact, enrollment, e-mail sign-in): stored as their JSON routes
    // store them, answered with pages (ADR 048).
    await app.register(nativePostRoutes, {
      ...options.site,
      forms: [...intakeNativeForms, ...signInNativeForms, ...phoneCodeNativeForms],
    });
    // Any other form posted before (or without) its page's script: a page that says it was not sent.
    await app.register(formNotSentRoutes);
    await app.register(staticSite, {
      ...options.site,
      origin: env.PUBLIC_URL,
      live: combinedLiveSource({ schedule: liveSchedule(app.db), documents: liveDocuments(app.db) }),
      door: { door, trustProxy: env.TRUST_PROXY, nextRequestId: door.nextRequestId },
    });
  } else {
    // Without the built site, the texts' opt-out page is a plain page of the server's own.
    await app.register(textStopPageRoutes, {});
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found" }));
  }
  return app;
}
