// A labelled text input: the Field and its Input under one id, the input described by its hint and its error.
import type { ComponentProps } from "react";
import { Field, fieldAria } from "./field";
import { Input } from "./input";

/** Input props for text typed exactly as it is: addresses, usernames and codes are not capitalised or corrected. */
export const verbatim = { autoCapitalize: "none", spellCheck: false } as const;

type TextFieldProps = ComponentProps<typeof Input> & {
  /** The input's id; the label, hint and error hang on it. */
  id: string;
  label: string;
  /** Marks the label with '*' and the input as required. */
  required?: boolean;
  /** Marks the label "(optional)". */
  optional?: boolean;
  hint?: string;
  /** The inline error under the input (leave it out where the form shows one message for all its fields). */
  error?: string;
  /** The field's classes (the input's go in `className`). */
  fieldClassName?: string;
};

export function TextField({
  id,
  label,
  required,
  optional,
  hint,
  error,
  fieldClassName,
  ...input
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      required={required}
      optional={optional}
      hint={hint}
      error={error}
      className={fieldClassName}
    >
      <Input id={id} required={required} {...fieldAria(id, { hint: Boolean(hint), error })} {...input} />
    </Field>
  );
}
