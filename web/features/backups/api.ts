// Calls of the "Backups" view (owners only; the server checks every call too).
import type { BackupListSchema, BackupMadeSchema } from "@shared/backups";
import type { Wire } from "@shared/wire";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

const BACKUPS = "/api/admin/backups";

export type BackupListWire = Wire<typeof BackupListSchema>;
export type BackupWire = BackupListWire["backups"][number];

export const backupQueries = {
  list: () =>
    queryOptions({ queryKey: [BACKUPS] as const, queryFn: () => apiJson<BackupListWire>("GET", BACKUPS) }),
};

export const backupApi = {
  backUpNow: () => apiJson<Wire<typeof BackupMadeSchema>>("POST", BACKUPS),
};

/** Where the browser downloads one archive (a plain link: the file streams to disk, never into the page). */
export const backupDownloadUrl = (name: string) => `${BACKUPS}/${encodeURIComponent(name)}`;
