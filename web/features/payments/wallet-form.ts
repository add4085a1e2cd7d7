// The M-PAiSA page's one form: both options (Mobile Payment, QR Code) edit the same values, so switching between them
// keeps what was typed. The option on show picks the shared schema the server checks (its `context`).
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { MpaisaPaymentSchema, normalizeLocalPhone, QR_DESCRIPTION, QrPaymentSchema } from "@shared/payment";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { useTypedFormValues } from "@/lib/typed-form-values";
import { EMPTY_WALLET_VALUES, type WalletValues } from "./wallet-values";

export type MpaisaMethod = "mobile" | "qr";

/** What the two options send: the mobile request, or the QR code's amount, description and payer. */
export type WalletPayload = Partial<Record<keyof WalletValues | "description", string>>;

export type WalletForm = UseFormReturn<WalletValues, MpaisaMethod, WalletPayload>;

const QR_EMAIL_MISSING = "Email is required, so that your payment can be credited to you";

const checkMobile = standardSchemaResolver(MpaisaPaymentSchema);
const checkQr = standardSchemaResolver(QrPaymentSchema);

const walletResolver: Resolver<WalletValues, MpaisaMethod, WalletPayload> = async (
  values,
  method,
  options,
) => {
  if (method === "mobile") {
    // "912 3456" and "912-3456" are the same number: the schema sees it as the API will.
    return checkMobile({ ...values, phone: normalizeLocalPhone(values.phone) }, undefined, options);
  }
  const email = values.email.trim();
  // The options name this form's fields; the QR schema's own description is not one of them.
  const qrOptions = options as unknown as Parameters<typeof checkQr>[2];
  const checked = await checkQr(
    { amount: values.amount, description: QR_DESCRIPTION, email },
    undefined,
    qrOptions,
  );
  // The API lets a signed-in subscriber leave the e-mail out; this page has no session to credit, so it asks.
  if (email) return checked;
  return {
    values: {},
    errors: { ...checked.errors, email: { type: "required", message: QR_EMAIL_MISSING } },
  };
};

/** The M-PAiSA form element's id (web/lib/typed-values.ts). */
export const WALLET_FORM_ID = "mpaisa-request";

export function useWalletForm(method: MpaisaMethod): WalletForm {
  // Errors stay as they are until the next submit.
  const form = useForm<WalletValues, MpaisaMethod, WalletPayload>({
    defaultValues: EMPTY_WALLET_VALUES,
    resolver: walletResolver,
    context: method,
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  // What was typed before the page's script ran (web/lib/typed-values.ts).
  useTypedFormValues(form, WALLET_FORM_ID, EMPTY_WALLET_VALUES);
  return form;
}
