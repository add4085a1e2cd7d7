// A page that looks ready is ready: a click or a submit made before the page's script has taken a control over (a
// quick person, a password manager, a slow phone) is neither lost nor turned into a plain browser post. EARLY_INPUT
// runs first in each prerendered page's head (scripts/lib/prerender.ts):
// - a submit of a form that works without script (it carries an idempotency key field: contact, enrollment, e-mail
//   sign-in) is left to the browser: it posts to its page, with a random key written in (FORM_KEY), and the server
//   answers with a page (server/platform/native-posts.ts), so nothing waits on the page's scripts;
// - a submit of a form that needs script and that nobody took is held (the browser's own post prevented, the form
//   marked busy); the form, once hydrated, sends it with what was typed (releaseHeldSubmit, from
//   web/components/ui/form.tsx);
// - a click on a button that is not hydrated yet is recorded, the button marked busy, and clicked again exactly once
//   when the button marks itself hydrated (markHydrated, from web/components/ui/button.tsx);
// - "Portal Access" clicked before its script opens the portal's 1200x800 window from here, in the click itself (a
//   window opened later would be blocked as a pop-up);
// - a touch inside a part of the page that hydrates on its first touch marks the part, so it loads as soon as the
//   page's script runs (web/lib/hydrate-on-touch.tsx).
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

/** Marks a part of a page that hydrates on its first touch (web/lib/hydrate-on-touch.tsx), by its name. */
export const TOUCH_ATTRIBUTE = "data-touch";
/** Set by EARLY_INPUT on such a part when a person reached into it before the page's script ran. */
export const TOUCHED_ATTRIBUTE = "data-touched";

/**
 * Plain ES5, run as it is and hashed into the CSP like the page's other inline blocks. It changes attributes only,
 * never the page's nodes. It listens at the window:
 * - a pointer, finger or key reaching into a part that hydrates on touch marks the part (and those around it);
 * - a submit of a script-only form that is not hydrated is held in the capture phase, before React: React may
 *   hydrate the form on the spot and send it itself (its handler then lets go of the hold, web/components/ui/form.tsx);
 * - a click on a control that is not hydrated is looked at twice. If it bubbles back to the window, the page's own
 *   handlers have had it: a control hydrated on the spot handled it, one still not hydrated did not, and the click is
 *   recorded. React stops a click inside a part whose code is still loading before it gets here (it neither handles
 *   nor replays it), so a click that never comes back is recorded a task later.
 */
export const EARLY_INPUT = `(function(){var w=window,H="${HYDRATED_ATTRIBUTE}",T="${TOUCH_ATTRIBUTE}",q=[],cur=null;function live(e){return e.hasAttribute(H)}function ctl(e){var t=e.target;return t&&t.closest?t.closest("[${POPUP_ATTRIBUTE}],[${CAPTURE_ATTRIBUTE}]"):null}function rec(c){if(live(c)){c.click();return}q.push(c);c.setAttribute("aria-busy","true")}"pointerdown touchstart focusin keydown input".split(" ").forEach(function(n){w.addEventListener(n,function(e){var p=e.target&&e.target.closest&&e.target.closest("["+T+"]");while(p){p.setAttribute("${TOUCHED_ATTRIBUTE}","");p=p.parentElement&&p.parentElement.closest("["+T+"]")}},{capture:true,passive:true})});w.addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||!f||!f.hasAttribute||!f.hasAttribute("${SCRIPT_FORM_ATTRIBUTE}")||live(f)||f.elements["${FORM_KEY_FIELD}"])return;e.preventDefault();f.setAttribute("${HELD_ATTRIBUTE}","");f.setAttribute("aria-busy","true")},true);w.addEventListener("click",function(e){var c=ctl(e);cur=null;if(!c||live(c)||c.hasAttribute("${POPUP_ATTRIBUTE}")||c.tagName==="A"||c.type==="submit"||c.disabled)return;var r=cur={c:c,e:e};setTimeout(function(){if(!r.done){r.done=1;rec(r.c)}})},true);w.addEventListener("click",function(e){var c=ctl(e);if(cur&&cur.e===e){cur.done=1;if(!live(cur.c)&&!e.defaultPrevented)rec(cur.c)}if(!c||live(c)||e.defaultPrevented||!c.hasAttribute("${POPUP_ATTRIBUTE}"))return;e.preventDefault();w.open(c.href,c.target,c.getAttribute("${POPUP_ATTRIBUTE}"))});new MutationObserver(function(){for(var i=0;i<q.length;i++){var c=q[i];if(live(c)){q.splice(i--,1);if(q.indexOf(c)<0)c.removeAttribute("aria-busy");c.click()}}}).observe(document.documentElement,{subtree:true,attributes:true,attributeFilter:[H]})})();${FORM_KEY}`;

/** A ref callback: the control's script has taken it over, so EARLY_INPUT sends it what it recorded. */
export function markHydrated(element: HTMLElement | null): void {
  element?.setAttribute(HYDRATED_ATTRIBUTE, "");
}

export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a person changed this control from what the page's HTML gave it. */
export function changedByHand(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((o) => o.selected !== o.defaultSelected);
  if (control.type === "checkbox" || control.type === "radio") {
    return (control as HTMLInputElement).checked !== (control as HTMLInputElement).defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/** The form's own handler has the submit: EARLY_INPUT's hold on it is over. */
export function letGoOfHold(form: HTMLFormElement): void {
  if (!form.hasAttribute(HELD_ATTRIBUTE)) return;
  form.removeAttribute(HELD_ATTRIBUTE);
  form.removeAttribute("aria-busy");
}

/**
 * Sends, once, the submit EARLY_INPUT held for this form before it was hydrated. What was typed is the form's state
 * already: the form took it in its first commit (web/lib/typed-values.ts).
 */
export function releaseHeldSubmit(form: HTMLFormElement): void {
  if (!form.hasAttribute(HELD_ATTRIBUTE)) return;
  letGoOfHold(form);
  form.requestSubmit();
}
