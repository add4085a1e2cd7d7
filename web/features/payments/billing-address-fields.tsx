import type { UseFormRegisterReturn } from "react-hook-form";
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

type Shown = Exclude<keyof BillingAddress, "state">;

// One-line inputs beside their own city and postal code fields: "address-line1", as "street-address" (the whole
// address) is allowed only on a textarea (HTML's autofill control groups).
const FIELDS: Record<Shown, { id: string; label: string; autoComplete: string }> = {
  street: { id: "billing-street", label: "Street Address", autoComplete: "billing address-line1" },
  city: { id: "billing-city", label: "City", autoComplete: "billing address-level2" },
  postalCode: { id: "billing-postal-code", label: "Postal Code", autoComplete: "billing postal-code" },
  country: { id: "billing-country", label: "Country", autoComplete: "billing country-name" },
};

/** The address fields, registered in the card form by `registered(key)`. */
export function BillingAddressFields({ registered }: { registered: (key: Shown) => UseFormRegisterReturn }) {
  const field = (key: Shown) => (
    <Field id={FIELDS[key].id} label={FIELDS[key].label}>
      <Input id={FIELDS[key].id} autoComplete={FIELDS[key].autoComplete} {...registered(key)} />
    </Field>
  );
  return (
    <fieldset className="grid gap-5 border-t border-slate-100 pt-5">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">
        Billing Address
      </legend>
      {field("street")}
      <div className="grid gap-5 sm:grid-cols-3">
        {field("city")}
        {field("postalCode")}
        {field("country")}
      </div>
    </fieldset>
  );
}
