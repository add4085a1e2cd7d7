// The back office's audit log: one row per staff action, written in the same transaction as the change it records.
import type { Db } from "../db/client";
import { newestFirstPage } from "../db/newest-first";
import { auditLog } from "../db/schema";

export interface AuditEvent {
  actor: string;
  action: string;
  subject?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

type Executor = Pick<Db, "insert">;

export async function audit(db: Executor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actor: event.actor,
    action: event.action,
    subject: event.subject ?? null,
    details: event.details ?? null,
    ip: event.ip?.slice(0, 64) ?? null,
  });
}

/** The audit log for staff, newest first. */
export function listAudit(db: Pick<Db, "select">, page: { limit: number; offset: number }) {
  const rows = db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actor,
      action: auditLog.action,
      subject: auditLog.subject,
      details: auditLog.details,
    })
    .from(auditLog)
    .$dynamic();
  return newestFirstPage(db, { rows, table: auditLog, newest: auditLog.at, id: auditLog.id }, page);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs one staff change and its audit row in one transaction, so the log never records a change that did not
 * happen, nor misses one that did. Nothing is logged when the change finds nothing to change (a falsy result).
 */
export function auditedChange<T>(db: Db, event: AuditEvent, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    if (result) await audit(tx, event);
    return result;
  });
}
