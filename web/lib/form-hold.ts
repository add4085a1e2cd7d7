// A submit made before a form's script has taken it over (a quick person, a password manager, a slow phone) must
// neither leave the page nor lose what was typed. The page's head runs FORM_HOLD first: it holds such a submit
// (prevents the browser's own post) and marks the form busy; the form, once hydrated, sends it (releaseHeldSubmit).
// With scripts off, the browser's post goes to the page itself and the server answers that the form was not sent
// (server/platform/form-not-sent.ts); every form is method="post", so no field ever goes into an address.

/** Marks a form whose submit FORM_HOLD may hold: one that only the page's script can send. */
export const SCRIPT_FORM_ATTRIBUTE = "data-script-form";
/** Set by FORM_HOLD on a form whose submit it held, until the form sends it. */
export const HELD_ATTRIBUTE = "data-held";

/**
 * Plain ES5, run as it is from the head and hashed into the CSP like the page's other inline blocks. It listens at
 * the window, in the bubbling phase: a hydrated form's own handler has already run and prevented the browser's post,
 * so only a submit nobody took is held. It changes attributes only, never the page's nodes.
 */
export const FORM_HOLD = `(function(){addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||!f||!f.hasAttribute||!f.hasAttribute("${SCRIPT_FORM_ATTRIBUTE}"))return;e.preventDefault();f.setAttribute("${HELD_ATTRIBUTE}","");f.setAttribute("aria-busy","true")})})()`;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a person changed this control from what the page's HTML gave it. */
function changedByHand(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((o) => o.selected !== o.defaultSelected);
  if (control.type === "checkbox" || control.type === "radio") {
    return (control as HTMLInputElement).checked !== (control as HTMLInputElement).defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/**
 * What was typed before the form's script ran is on screen but not in the form's state: each control a person
 * changed tells its (now hydrated) handlers its value, as the browser would have on each keystroke.
 */
function adoptTypedValues(form: HTMLFormElement): void {
  for (const element of [...form.elements]) {
    const control = element as Control;
    if (!("value" in control) || control.type === "hidden" || !changedByHand(control)) continue;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** Sends, once, the submit FORM_HOLD held for this form before it was hydrated, with what was typed. */
export function releaseHeldSubmit(form: HTMLFormElement): void {
  if (!form.hasAttribute(HELD_ATTRIBUTE)) return;
  form.removeAttribute(HELD_ATTRIBUTE);
  form.removeAttribute("aria-busy");
  adoptTypedValues(form);
  form.requestSubmit();
}
