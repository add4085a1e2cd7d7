// The file input of the library's upload dialogs (the five types the library takes; file-check.ts refuses a wrong
// file before sending, so it is refused at once instead of after a long upload) and the upload's progress.
import { formatFileSize, LIBRARY_FILE_ACCEPT, MAX_UPLOAD_BYTES } from "@shared/library";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

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
