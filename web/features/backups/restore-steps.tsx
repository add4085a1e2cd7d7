// How a backup is put back (README, Backups; scripts/restore.ts): the steps with the real commands, naming the folder
// or store the server keeps its archives in and the DATA_DIR a restore fills, as the server reported them.
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import type { BackupListWire } from "./api";

function Command({ children }: { children: string }) {
  return (
    <code className="mt-1 block whitespace-pre-wrap break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-slate-50">
      {children}
    </code>
  );
}

/** A path for the shell: quoted when it holds anything but plain path characters. */
const shellPath = (path: string) =>
  /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;

export function RestoreSteps({ list }: { list: BackupListWire }) {
  const newest = list.backups[0]?.name ?? "rpas-backup-….tar.gz";
  const onDisk = list.location === "directory";
  const archive = onDisk ? `${list.where.replace(/\/$/, "")}/${newest}` : `/path/to/${newest}`;
  const data = shellPath(list.dataDir);
  const steps: ReactNode[] = [
    onDisk ? (
      <>
        Pick the archive: they are kept on this server in <code className="break-all">{list.where}</code> (or
        use one you downloaded and copied to the server).
      </>
    ) : (
      <>
        Pick the archive: download it with its Download button (they are kept in the file store at{" "}
        <code className="break-all">{list.where}</code>) and copy it to the server.
      </>
    ),
    <>Stop the server: a restore refuses a data folder a server is running on.</>,
    <>
      Move the current data folder aside, so the restore finds it empty:
      <Command>{`mv ${data} ${shellPath(`${list.dataDir}-before-restore`)}`}</Command>
    </>,
    <>
      In the app's folder, with the server's own settings, restore the archive:
      <Command>{`DATA_DIR=${data} npm run restore -- ${shellPath(archive)}`}</Command>
      {!onDisk && " The stored files go back into the same S3 store (S3_URL)."}
    </>,
    ...(list.database === "postgres"
      ? [
          <>
            The archive holds the uploaded files only: restore the PostgreSQL database from its own backup,
            e.g.
            <Command>{'pg_restore --dbname="$DATABASE_URL" rpas-….dump'}</Command>
          </>,
        ]
      : []),
    <>
      Start the server again; it finds everything (and applies any newer database changes):
      <Command>npm start</Command>
    </>,
  ];
  return (
    <Card asChild className="p-5 sm:p-6">
      <section aria-labelledby="restore-title" className="grid gap-3">
        <h3 id="restore-title" className="text-lg font-semibold text-brand-950">
          How to restore a backup
        </h3>
        <ol className="grid list-decimal gap-3 pl-5 text-sm leading-relaxed text-slate-700">
          {steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed and never reordered.
            <li key={index}>{step}</li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
