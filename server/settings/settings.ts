// The business settings: the defaults in shared/settings.ts, overlaid by what staff changed (one row per setting).
// A change is audited with the old and new values in the same transaction; a change of the payee details (bank or
// M-PAiSA) is e-mailed to every owner in it too (ADR 051).
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from "../../shared/settings";
import type { Db } from "../db/client";
import { adminUsers, settings } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { audit } from "../staff/audit";
import { payeeChangeEmail, payeeChanges } from "./payee-change-email";

type Key = keyof Settings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as Key[];

/** Every setting, as staff last set it or its default. A stored value the current rules refuse counts as unset. */
export async function readSettings(db: Pick<Db, "select">): Promise<Settings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of KEYS) {
    if (!(key in stored)) continue;
    const candidate = SettingsSchema.shape[key].safeParse(stored[key]);
    if (candidate.success) merged[key] = candidate.data;
  }
  return merged as Settings;
}

/** Saves the settings in `patch` (already validated) and answers all of them as they now are. */
export async function updateSettings(
  db: Db,
  patch: Partial<Settings>,
  by: { actor: string; ip: string },
  /** Where the payee-change e-mail sends owners to (PUBLIC_URL). */
  site: { publicUrl: string } = { publicUrl: "" },
): Promise<Settings> {
  await db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of KEYS) {
      const value = patch[key];
      if (value === undefined || JSON.stringify(value) === JSON.stringify(before[key])) continue;
      // The company's details are many fields: the audit names the ones that changed.
      if (key === "company") Object.assign(changed, changedFields(`${key}.`, before[key], value));
      else changed[key] = { from: before[key], to: value };
      await tx
        .insert(settings)
        .values({ key, value, updatedBy: by.actor })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value, updatedBy: by.actor, updatedAt: new Date() },
        });
    }
    if (Object.keys(changed).length > 0) {
      await audit(tx, { ...by, action: "settings.changed", details: changed });
    }
    if (patch.company) await tellOwnersOfPayeeChange(tx, before.company, patch.company, by.actor, site);
  });
  return readSettings(db);
}

/** Queues the payee-change e-mail to every enabled owner with an address, when the bank or M-PAiSA details changed. */
async function tellOwnersOfPayeeChange(
  tx: Pick<Db, "select" | "insert">,
  before: Settings["company"],
  after: Settings["company"],
  changedBy: string,
  site: { publicUrl: string },
) {
  const changes = payeeChanges(before, after);
  if (changes.length === 0) return;
  const owners = await tx
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), isNull(adminUsers.disabledAt), isNotNull(adminUsers.email)));
  const changedAt = new Date();
  await enqueueEmails(
    tx,
    owners.flatMap((owner) =>
      owner.email
        ? [
            payeeChangeEmail({
              to: owner.email,
              firstName: null,
              companyName: after.name,
              changedBy,
              changedAt,
              changes,
              dashboardUrl: `${site.publicUrl}/admin`,
            }),
          ]
        : [],
    ),
  );
}

/** Each leaf that differs between `from` and `to`, by its path ("company.phones.0.number"). */
export function changedFields(
  prefix: string,
  from: unknown,
  to: unknown,
): Record<string, { from: unknown; to: unknown }> {
  if (typeof from !== "object" || typeof to !== "object" || from === null || to === null) {
    return JSON.stringify(from) === JSON.stringify(to) ? {} : { [prefix.slice(0, -1)]: { from, to } };
  }
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const key of keys) {
    Object.assign(
      out,
      changedFields(
        `${prefix}${key}.`,
        (from as Record<string, unknown>)[key],
        (to as Record<string, unknown>)[key],
      ),
    );
  }
  return out;
}

/** Forgets a stored setting so its default applies again (tests, and a future "reset" button). */
export async function resetSetting(db: Pick<Db, "delete">, key: Key): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}
