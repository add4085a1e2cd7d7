// What the site keeps on disk (the embedded database, the outbox's .eml copies with sign-in codes and invite links,
// stored files, backup archives, the session secret) is for the server's own account only: directories 0700, files
// 0600, whatever the umask. New files are created that way; PGlite writes its files 0666 itself, and directories
// from older versions may be looser, so trees are also tightened (at start, after migrations, from time to time).
// The 0700 data directory is the real barrier: no other account can reach a file inside it, whatever that file's
// own mode. A volume that cannot change modes (some network and Windows-backed file systems) gets a warning, never
// a crash: the site works there, and the README says to keep DATA_DIR on a disk only the server's account reads.
import { chmod as fsChmod, lstat, mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

export type Chmod = (path: string, mode: number) => Promise<void>;

/** Where the lines go: the console at start (before the app's logger exists), the app's logger later. */
export interface PrivateFilesLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface TightenOptions {
  log: PrivateFilesLog;
  /** Stands in for fs.chmod (tests make it fail as a volume without modes does). */
  chmod?: Chmod;
  /** What the tree is, for the log line ("DATA_DIR", "backups"). */
  what: string;
}

export interface Tightened {
  tightened: number;
  failed: number;
}

const LOOSER_THAN_OWNER = 0o077;

/** The error of a chmod the volume refuses; anything else (a file gone since it was listed) is not worth a line. */
const refused = (error: unknown) => (error as NodeJS.ErrnoException).code !== "ENOENT";

/**
 * Takes group and other bits off every directory and file under `root` (and `root` itself), without following
 * symbolic links. Logs one line when it changed something and one warning when the volume refused, and never throws
 * for a mode it could not change: the caller goes on either way.
 */
export async function tightenTree(root: string, options: TightenOptions): Promise<Tightened> {
  const chmod = options.chmod ?? fsChmod;
  const result: Tightened = { tightened: 0, failed: 0 };
  let firstError: string | undefined;
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    const mode = info.mode & 0o777;
    const directory = info.isDirectory();
    if (mode & LOOSER_THAN_OWNER) {
      // A file keeps its owner's bits (0666 becomes 0600); a directory must stay searchable by its owner.
      const wanted = directory ? PRIVATE_DIR_MODE : mode & 0o700 || PRIVATE_FILE_MODE;
      try {
        await chmod(path, wanted);
        result.tightened += 1;
      } catch (error) {
        if (refused(error)) {
          result.failed += 1;
          firstError ??= (error as NodeJS.ErrnoException).code ?? String(error);
        }
      }
    }
    if (!directory) return;
    const entries = await readdir(path).catch(() => [] as string[]);
    // A directory's entries at once: the embedded database alone is about a thousand files, and this runs at start.
    await Promise.all(entries.map((entry) => visit(join(path, entry))));
  };
  await visit(root);
  if (result.tightened > 0) {
    options.log.info(
      `${options.what}: ${result.tightened} files and directories under ${root} were readable by other accounts; now owner-only (files 0600, directories 0700)`,
    );
  }
  if (result.failed > 0) {
    options.log.warn(
      `${options.what}: could not make ${result.failed} files and directories under ${root} owner-only (${firstError}): this volume does not keep file modes. Keep it on a disk only the server's account can read.`,
    );
  }
  return result;
}

/** Creates `dir` (0700) if needed and tightens what is already in it. */
export async function makePrivateDir(dir: string, options: TightenOptions): Promise<Tightened> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return tightenTree(dir, options);
}

/**
 * Writes a file only the server's account can read. The mode given to writeFile applies only to a new file (and the
 * umask only removes bits from it); a file that was there keeps its mode, so it is set again. A volume that refuses
 * modes was warned about at start and does not stop the write.
 */
export async function writePrivateFile(path: string, data: string | Uint8Array): Promise<void> {
  await writeFile(path, data, { mode: PRIVATE_FILE_MODE });
  await keepPrivate(path);
}

/** Sets a file's mode to 0600 (a directory's to 0700), shrugging off a volume without modes. */
export async function keepPrivate(path: string, directory = false): Promise<void> {
  await fsChmod(path, directory ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE).catch((error: unknown) => {
    if (!refused(error)) return;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EROFS") throw error;
  });
}
