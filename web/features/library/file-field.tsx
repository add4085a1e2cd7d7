// The file input of the library's upload dialogs: the five types the library takes, checked here before sending
// (extension and the 50 MB limit, with the server's own messages) so a wrong file is refused at once instead of
// after a long upload. The server checks again, from the file's bytes.
import {
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  fileTypeFromName,
  formatFileSize,
  LIBRARY_FILE_ACCEPT,
  MAX_UPLOAD_BYTES,
} from "@shared/library";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** What is wrong with the chosen file, or null when it may be sent. */
export function fileProblem(file: File | null): string | null {
  if (!file) return FILE_REQUIRED_MESSAGE;
  if (!fileTypeFromName(file.name)) return FILE_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

interface FileFieldProps {
  id: string;
  label: string;
  error?: string;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

export function FileField({ id, label, error, onChange, disabled }: FileFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      required
      hint={`PDF, Word, Excel, PowerPoint or ZIP, up to ${formatFileSize(MAX_UPLOAD_BYTES)}.`}
      error={error}
    >
      <Input
        id={id}
        type="file"
        required
        accept={LIBRARY_FILE_ACCEPT}
        disabled={disabled}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        {...fieldAria(id, { hint: true, error })}
      />
    </Field>
  );
}

/** How far an upload has got, for everyone: a labelled progress bar. */
export function UploadProgress({ share }: { share: number | null }) {
  if (share === null) return null;
  const percent = Math.round(share * 100);
  return (
    <div className="grid gap-1 text-sm text-slate-700">
      <label htmlFor="library-upload-progress">Uploading... {percent}%</label>
      <progress id="library-upload-progress" max={100} value={percent} className="h-2 w-full" />
    </div>
  );
}
