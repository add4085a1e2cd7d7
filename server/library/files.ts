// What an uploaded library file is, read from its own bytes, and the names it goes by: the cleaned name staff and
// subscribers see, the storage key (never made from what the uploader sent) and the download's file name.
import {
  FILE_TYPE_MESSAGE,
  fileMismatchMessage,
  fileTypeFromName,
  LIBRARY_FILE_TYPES,
  type LibraryFileType,
  libraryFileType,
  UNKNOWN_CONTENTS_MESSAGE,
} from "../../shared/library";

/**
 * How much of the start of a file is read to tell its type. Word, Excel and PowerPoint files are ZIP archives told
 * apart by their entries ([Content_Types].xml, word/, xl/, ppt/), and some writers put a thumbnail or other parts
 * before those: far past the 4,100 bytes that suffice for a PDF's or a plain ZIP's signature. 1 MB covers them and
 * is still a small buffer per upload.
 */
export const SNIFF_BYTES = 1024 * 1024;

export type SniffResult = { ok: true; type: LibraryFileType } | { ok: false; message: string };

/** The type a file name claims, refused unless it is one of the library's five. */
export function claimedType(fileName: string): SniffResult {
  const claimed = fileTypeFromName(fileName);
  return claimed ? { ok: true, type: claimed.ext } : { ok: false, message: FILE_TYPE_MESSAGE };
}

const labelOf = (ext: string) => libraryFileType(ext)?.label ?? ext.toUpperCase();

/** Checks that the file's first bytes are what its name claims: a ".pdf" that is really a ZIP is refused. */
export async function checkContents(head: Uint8Array, claimed: LibraryFileType): Promise<SniffResult> {
  // Loaded at the first upload rather than with the server (ADR 039).
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const claimedLabel = labelOf(claimed);
  if (!detected) return { ok: false, message: UNKNOWN_CONTENTS_MESSAGE(claimedLabel) };
  if (detected.ext === claimed) return { ok: true, type: claimed };
  const known = LIBRARY_FILE_TYPES.find((type) => type.ext === detected.ext);
  return {
    ok: false,
    message: fileMismatchMessage(claimedLabel, known?.label ?? detected.ext.toUpperCase()),
  };
}

const MAX_NAME = 200;

/** C0 and C1 controls, and the direction marks and overrides that can make "gpj.exe" read as "exe.jpg". */
function isHidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/**
 * The uploaded name as people will see it: the last path part only (browsers on Windows may send "C:\\x\\y.pdf"),
 * without control or direction-changing characters, trimmed and capped with its extension kept.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .split("")
    .filter((char) => !isHidden(char.charCodeAt(0)))
    .join("")
    .trim()
    .replace(/^\.+/, "");
  if (clean.length <= MAX_NAME) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return clean.slice(0, MAX_NAME - ext.length) + ext;
}

/**
 * Where a version's file is kept: made from the document's id, the version number and (for replaced files) a
 * random tag only, never from the uploaded name. "library/sms-manual-3f9a1c/v2-0b8e61d2.pdf"
 */
export const versionKey = (documentId: string, version: number, type: LibraryFileType, tag?: string) =>
  `library/${documentId}/v${version}${tag ? `-${tag}` : ""}.${type}`;

export const contentTypeOf = (type: string) => libraryFileType(type)?.mime ?? "application/octet-stream";

/**
 * The name the browser saves: made from the title (not the uploaded name, which may be "final_v3(2)"), ASCII only so
 * it is safe inside the quoted Content-Disposition value, ending in the file's real extension.
 * "ICAO Manual (Doc 10019)" -> "ICAO-Manual-Doc-10019.pdf".
 */
export function downloadFileName(title: string, type: string): string {
  const base = title
    .normalize("NFKD")
    // Accents come apart from their letters: "É" reads "E", not "E-".
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${base || "document"}.${type}`;
}

/** A new document's id: its title as a slug and a random tail, e.g. "sms-manual-2024-3f9a1c". */
export function newDocumentId(title: string, random: string): string {
  const slug = title
    .normalize("NFKD")
    // Accents come apart from their letters: "É" reads "E", not "E-".
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug ? `${slug}-${random}` : `document-${random}`;
}
