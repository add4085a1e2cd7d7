import type { ChangeEvent } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export interface BillingAddress {
  street: string;
  city: string;
  postalCode: string;
  /** Kept in the form's values, as the original form did, but no field shows it. */
  state: string;
  country: string;
}

export const DEFAULT_BILLING_ADDRESS: BillingAddress = {
  street: "",
  city: "",
  postalCode: "",
  state: "",
  country: "Fiji",
};

interface BillingAddressFieldsProps {
  value: BillingAddress;
  onChange: (next: BillingAddress) => void;
}

export function BillingAddressFields({ value, onChange }: BillingAddressFieldsProps) {
  const bind = (key: keyof BillingAddress) => ({
    value: value[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: event.target.value }),
  });
  return (
    <fieldset className="grid gap-5 border-t border-slate-100 pt-5">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">
        Billing Address
      </legend>
      <Field id="billing-street" label="Street Address">
        <Input id="billing-street" autoComplete="billing street-address" {...bind("street")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id="billing-city" label="City">
          <Input id="billing-city" autoComplete="billing address-level2" {...bind("city")} />
        </Field>
        <Field id="billing-postal-code" label="Postal Code">
          <Input id="billing-postal-code" autoComplete="billing postal-code" {...bind("postalCode")} />
        </Field>
        <Field id="billing-country" label="Country">
          <Input id="billing-country" autoComplete="billing country-name" {...bind("country")} />
        </Field>
      </div>
    </fieldset>
  );
}
