// What the card form holds and how it is checked. The card itself never leaves the page, so its rules are ours
// (web/lib/card-format.ts, one problem at a time in the form's order); in the sandbox the e-mail and name then go to
// the server, checked first with the schema it uses.
import type { SubscriptionRequest } from "@shared/payment";
import type { Resolver } from "react-hook-form";
import { CARD_ERRORS, type CardEntry, checkCard } from "@/lib/card-format";
import { type BillingAddress, DEFAULT_BILLING_ADDRESS } from "./billing-address-fields";

export type CardFormMode = "sandbox" | "unconfigured";

export type CardValues = CardEntry & { email: string; billing: BillingAddress };

export const EMPTY_CARD_VALUES: CardValues = {
  email: "",
  number: "",
  expiry: "",
  cvv: "",
  name: "",
  billing: DEFAULT_BILLING_ADDRESS,
};

/**
 * What the card form keeps in its draft on this device: the payer's e-mail, the cardholder's name and the billing
 * address. The card number, expiry and CVV are never stored (web/lib/form-draft.ts refuses them too).
 */
export const CARD_DRAFT_FIELDS = [
  "email",
  "name",
  "billing.street",
  "billing.city",
  "billing.postalCode",
  "billing.country",
] as const;

/** The field the form reports, and the toast that says why. */
export type CardProblemField = keyof typeof CARD_ERRORS | "email";

export const CARD_PROBLEMS: Record<CardProblemField, { title: string; description: string }> = {
  ...CARD_ERRORS,
  email: { title: "Email Required", description: "Please enter your email address." },
};

const problem = (field: CardProblemField) => ({
  values: {},
  errors: { [field]: { type: "card", message: CARD_PROBLEMS[field].description } },
});

/**
 * The subscriber's details are checked with the server's schema, whose code (zod, the resolver) loads when the form
 * is first focused or sent, not with the page (ADR 047): the page's script stays within its budget.
 */
export const loadDetailsCheck = () => import("./subscription-check").then((m) => m.checkDetails);

/** The card first; then, where a payment is recorded (the sandbox), the subscriber's e-mail and name. */
export const cardResolver: Resolver<CardValues, CardFormMode, SubscriptionRequest> = async (
  values,
  mode,
  options,
) => {
  const failing = checkCard(values);
  if (failing) return problem(failing.field);
  const details = { email: values.email, name: values.name };
  // Nothing is charged without a provider: the details are not sent, so not checked.
  if (mode === "unconfigured") return { values: details, errors: {} };
  const checkDetails = await loadDetailsCheck();
  const checked = await checkDetails(
    details,
    undefined,
    options as unknown as Parameters<typeof checkDetails>[2],
  );
  return Object.keys(checked.errors).length > 0 ? problem("email") : checked;
};
