// Backups over HTTP: the owner's list, "Back up now" and archive downloads (staff scope + requireOwner), and the
// local route `npm run backup` calls with the token from DATA_DIR (server/platform/backup-token.ts).

import { resolve } from "node:path";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  BACKUP_BUSY,
  BACKUP_NAME,
  BACKUPS_KEPT,
  BackupListSchema,
  BackupMadeSchema,
} from "../../shared/backups";
import { isLoopbackHost } from "../env";
import { BackupBusyError, type BackupSource, backUpNow, startBackupTimer } from "../platform/backup";
import { embeddedDatabaseOf } from "../platform/backup-archive";
import { backupTarget } from "../platform/backup-target";
import { tokenMatches, writeBackupToken } from "../platform/backup-token";
import { tightenTree } from "../platform/private-files";
import { StorageUnavailableError } from "../platform/storage";
import { httpError } from "../plugins/errors";
import { requireOwner, staffAction } from "../plugins/session";
import { audit } from "../staff/audit";
import { requireRecentSecondFactor } from "../staff/step-up";

declare module "fastify" {
  interface FastifyInstance {
    backups: { source: BackupSource; token: string };
  }
}

/** app.backups, the local token file, and the daily timer when the server runs (not in tests). */
const backupPlugin: FastifyPluginAsync<{ startTimer?: boolean }> = async (app, options) => {
  const target = await backupTarget(app.env, app.storage);
  // Archives hold the whole database and the session secret: owner-only, older ones included (ADR 053).
  if (target.location === "directory") {
    const log = { info: (line: string) => app.log.info(line), warn: (line: string) => app.log.warn(line) };
    await tightenTree(target.stagingDir, { log, what: "backups" });
  }
  const source: BackupSource = {
    db: app.db,
    storage: app.storage,
    dataDir: app.env.DATA_DIR,
    sessionSecretConfigured: app.env.SESSION_SECRET !== undefined,
    target,
  };
  app.decorate("backups", { source, token: await writeBackupToken(app.env.DATA_DIR) });
  if (options.startTimer) startBackupTimer(app, source);
};

export default fp(backupPlugin, { name: "backups", dependencies: ["storage"] });

/** backUpNow, with its failures as answers a person can act on. */
async function backUpOrExplain(app: FastifyInstance) {
  try {
    return await backUpNow(app.backups.source);
  } catch (error) {
    if (error instanceof BackupBusyError) throw httpError(409, BACKUP_BUSY);
    if (error instanceof StorageUnavailableError) {
      app.log.error({ err: error }, "backup failed: storage unavailable");
      throw httpError(503, "The file store did not answer, so no backup was made. Please try again later.");
    }
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") {
      app.log.error({ err: error }, "backup failed: disk full");
      throw httpError(503, "There is not enough disk space for a backup, so none was made.");
    }
    throw error;
  }
}

const NameParams = z.object({ name: z.string().check(z.regex(BACKUP_NAME)) });

export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/backups",
    { preHandler: requireOwner, schema: { response: { 200: BackupListSchema } } },
    async () => {
      const { source } = app.backups;
      return {
        backups: await source.target.list(),
        location: source.target.location,
        where: source.target.where,
        // For the restore steps the view shows (npm run restore fills this folder).
        dataDir: resolve(app.env.DATA_DIR),
        // What the archives hold follows the database the app runs on.
        database: embeddedDatabaseOf(app.db) ? ("pglite" as const) : ("postgres" as const),
        kept: BACKUPS_KEPT,
      };
    },
  );

  app.post(
    "/api/admin/backups",
    { preHandler: requireOwner, schema: { response: { 201: BackupMadeSchema } } },
    async (request, reply) => {
      const made = await backUpOrExplain(app);
      const { actor, ip } = staffAction(request);
      await audit(app.db, {
        actor,
        ip,
        action: "backup.create",
        subject: made.backup.name,
        details: { files: made.files, databaseIncluded: made.databaseIncluded },
      });
      return reply.status(201).send(made);
    },
  );

  app.get(
    "/api/admin/backups/:name",
    // The archive holds the whole database and the session secret: a second factor within 10 minutes (ADR 051).
    { preHandler: [requireOwner, requireRecentSecondFactor], schema: { params: NameParams } },
    async (request, reply) => {
      const { name } = request.params;
      const found = await app.backups.source.target.open(name);
      if (!found) throw httpError(404, "There is no backup of that name.");
      const { actor, ip } = staffAction(request);
      await audit(app.db, { actor, ip, action: "backup.download", subject: name });
      return reply
        .header("Content-Type", "application/gzip")
        .header("Content-Length", String(found.byteSize))
        .header("Content-Disposition", `attachment; filename="${name}"`)
        .header("Cache-Control", "private, no-store")
        .send(found.stream);
    },
  );
};

export const LOCAL_BACKUP_ROUTE = "/api/backups/local";
export const LOCAL_ONLY = "Backups are asked for from the server's own machine only.";
export const WRONG_TOKEN =
  "The backup token is missing or wrong: npm run backup reads it from DATA_DIR/backup-token of the running server.";

/**
 * Straight from this machine: a request a proxy forwarded carries Forwarded/X-Forwarded-For, and the socket's own
 * address is checked rather than request.ip, which a trusted proxy's headers could set.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers.forwarded || headers["x-forwarded-for"] || headers["x-real-ip"]) return false;
  // An IPv4 peer on a dual-stack socket shows as ::ffff:127.0.0.1.
  return isLoopbackHost((request.socket.remoteAddress ?? "").replace(/^::ffff:/, ""));
}

export const localBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    LOCAL_BACKUP_ROUTE,
    { schema: { response: { 201: BackupMadeSchema } } },
    async (request, reply) => {
      const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!fromThisMachine(request)) throw httpError(403, LOCAL_ONLY);
      if (!tokenMatches(app.backups.token, bearer)) throw httpError(401, WRONG_TOKEN);
      const made = await backUpOrExplain(app);
      await audit(app.db, {
        actor: "npm run backup",
        ip: request.socket.remoteAddress,
        action: "backup.create",
        subject: made.backup.name,
        details: { files: made.files, databaseIncluded: made.databaseIncluded },
      });
      return reply.status(201).send(made);
    },
  );
};
