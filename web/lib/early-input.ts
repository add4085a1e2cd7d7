// A page that looks ready is ready: a click or a submit made before the page's script has taken a control over (a
// quick person, a password manager, a slow phone) is neither lost nor turned into a plain browser post. EARLY_INPUT
// runs first in each prerendered page's head (scripts/lib/prerender.ts):
// - a submit of a form that works without script (it carries an idempotency key field: contact, enrollment, e-mail
//   sign-in) is left to the browser: it posts to its page, with a random key written in (FORM_KEY), and the server
//   answers with a page (server/platform/native-posts.ts), so nothing waits on the page's scripts;
// - a submit of a form that needs script and that nobody took is held (the browser's own post prevented, the form
//   marked busy); the form, once hydrated, takes in what was typed and sends it (releaseHeldSubmit, from
//   web/components/ui/form.tsx);
// - a click on a button that is not hydrated yet is recorded, the button marked busy, and clicked again exactly once
//   when the button marks itself hydrated (markHydrated, from web/components/ui/button.tsx);
// - "Portal Access" clicked before its script opens the portal's 1200x800 window from here, in the click itself (a
//   window opened later would be blocked as a pop-up).
// Links need none of this: they are real links. With scripts off, a form posts to its own page, and the server
// answers: with the form's outcome, or, for a form that needs script, that it was not sent
// (server/platform/form-not-sent.ts); every form is method="post", so no field ever goes into an address.
import { FORM_KEY_FIELD } from "@shared/form-post";
import { FORM_KEY } from "./form-key";

/** Marks a form whose submit EARLY_INPUT may hold: one that only the page's script can send. */
export const SCRIPT_FORM_ATTRIBUTE = "data-script-form";
/** Set by EARLY_INPUT on a form whose submit it held, until the form sends it. */
export const HELD_ATTRIBUTE = "data-held";
/** Marks a button whose early clicks EARLY_INPUT records. */
export const CAPTURE_ATTRIBUTE = "data-capture";
/** Set by a control once its script has taken it over. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
/** A link that opens its target in a window with these features (window.open's third argument). */
export const POPUP_ATTRIBUTE = "data-popup";

/**
 * Plain ES5, run as it is and hashed into the CSP like the page's other inline blocks. It listens at the window in
 * the bubbling phase, after the page's own handlers: a control that was hydrated (even on the spot, during this very
 * event) has handled the event and is left alone. It changes attributes only, never the page's nodes.
 */
export const EARLY_INPUT = `(function(){var w=window,H="${HYDRATED_ATTRIBUTE}",q=[];function live(e){return e.hasAttribute(H)}w.addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||!f||!f.hasAttribute||!f.hasAttribute("${SCRIPT_FORM_ATTRIBUTE}")||f.elements["${FORM_KEY_FIELD}"])return;e.preventDefault();f.setAttribute("${HELD_ATTRIBUTE}","");f.setAttribute("aria-busy","true")});w.addEventListener("click",function(e){var t=e.target,c=t&&t.closest&&t.closest("[${POPUP_ATTRIBUTE}],[${CAPTURE_ATTRIBUTE}]");if(!c||live(c)||e.defaultPrevented)return;if(c.hasAttribute("${POPUP_ATTRIBUTE}")){e.preventDefault();w.open(c.href,c.target,c.getAttribute("${POPUP_ATTRIBUTE}"));return}if(c.tagName==="A"||c.type==="submit"||c.disabled)return;q.push(c);c.setAttribute("aria-busy","true")});new MutationObserver(function(){for(var i=0;i<q.length;i++){var c=q[i];if(live(c)){q.splice(i--,1);if(q.indexOf(c)<0)c.removeAttribute("aria-busy");c.click()}}}).observe(document.documentElement,{subtree:true,attributes:true,attributeFilter:[H]})})();${FORM_KEY}`;

/** A ref callback: the control's script has taken it over, so EARLY_INPUT sends it what it recorded. */
export function markHydrated(element: HTMLElement | null): void {
  element?.setAttribute(HYDRATED_ATTRIBUTE, "");
}

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

/** Sends, once, the submit EARLY_INPUT held for this form before it was hydrated, with what was typed. */
export function releaseHeldSubmit(form: HTMLFormElement): void {
  if (!form.hasAttribute(HELD_ATTRIBUTE)) return;
  form.removeAttribute(HELD_ATTRIBUTE);
  form.removeAttribute("aria-busy");
  adoptTypedValues(form);
  form.requestSubmit();
}
