// The holder's name as it goes on a certificate: given names and surname, prefilled from the enrollment, with the
// whole name shown as the certificate will print it, so staff correct a spelling before it is issued (or reissued).
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";

interface HolderNameFieldsProps {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  givenNames: UseFormRegisterReturn;
  surname: UseFormRegisterReturn;
  errors: { givenNames?: string; surname?: string };
  /** The name as typed now. */
  preview: { givenNames?: string; surname?: string };
}

export function HolderNameFields({ idPrefix, givenNames, surname, errors, preview }: HolderNameFieldsProps) {
  const whole = `${preview.givenNames ?? ""} ${preview.surname ?? ""}`.trim();
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-given-names`}
          label="Given names"
          required
          autoComplete="off"
          error={errors.givenNames}
          {...givenNames}
        />
        <TextField
          id={`${idPrefix}-surname`}
          label="Surname"
          required
          autoComplete="off"
          error={errors.surname}
          {...surname}
        />
      </div>
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        On the certificate: <strong className="text-base text-slate-900">{whole || "(no name yet)"}</strong>
      </p>
    </div>
  );
}
