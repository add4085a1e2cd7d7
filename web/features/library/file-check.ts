// What the upload dialogs check before sending a file: chosen, one of the five types by its name, at most 50 MB.
// The messages are the server's own (shared/library.ts), which checks again from the file's bytes.
import {
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  fileTypeFromName,
  MAX_UPLOAD_BYTES,
} from "@shared/library";

/** What is wrong with the chosen file, or null when it may be sent. */
export function fileProblem(file: Pick<File, "name" | "size"> | null): string | null {
  if (!file) return FILE_REQUIRED_MESSAGE;
  if (!fileTypeFromName(file.name)) return FILE_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}
