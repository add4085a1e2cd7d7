// Where staff notifications go (ADR 044), read when each notification is written, so a changed setting, a new
// STAFF_EMAIL or an owner who adds an e-mail applies to the next one: the owner's setting, else the variable, else
// the e-mail of the oldest enabled owner account that has one. Null while nobody would be told.
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { SettingsSchema } from "../../shared/settings";
import type { StaffNotifications } from "../../shared/staff-notifications";
import type { Db } from "../db/client";
import { adminUsers, settings } from "../db/schema";

const KEY = "staffNotificationEmail";

export async function staffNotifications(
  db: Pick<Db, "select">,
  env: { STAFF_EMAIL?: string | undefined },
): Promise<StaffNotifications> {
  const [stored] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY))
    .limit(1);
  // A stored value the current rules refuse counts as unset, as in readSettings.
  const setting = SettingsSchema.shape[KEY].safeParse(stored?.value);
  if (setting.success && setting.data) return { address: setting.data, source: "setting" };
  if (env.STAFF_EMAIL) return { address: env.STAFF_EMAIL, source: "environment" };
  const [owner] = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), isNull(adminUsers.disabledAt), isNotNull(adminUsers.email)))
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.id))
    .limit(1);
  return owner?.email ? { address: owner.email, source: "owner" } : null;
}

/** The address a staff notification written now goes to; null: send none. */
export async function staffEmailAddress(
  db: Pick<Db, "select">,
  env: { STAFF_EMAIL?: string | undefined },
): Promise<string | null> {
  return (await staffNotifications(db, env))?.address ?? null;
}
