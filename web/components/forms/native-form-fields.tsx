// The hidden fields of a form that also works without script (docs/product.md, Forms without script): which form it
// is (the landing page has two, and they post to the same page) and the idempotency key a page's script may fill in.
// The page's own script sends these forms as JSON and never reads them.
import { FORM_KEY_FIELD, FORM_NAME_FIELD, type NativeForm } from "@shared/form-post";

export function NativeFormFields({ form }: { form: NativeForm }) {
  return (
    <>
      <input type="hidden" name={FORM_NAME_FIELD} value={form} />
      <input type="hidden" name={FORM_KEY_FIELD} defaultValue="" />
    </>
  );
}
