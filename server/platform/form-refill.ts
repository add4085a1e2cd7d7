// A form posted without script that the shared schema refuses is answered with its own page again (status 400): the
// prerendered page, with what was typed put back in the form's controls and each error beside its control, as the
// page's script would show it. The page's own markup is the template: controls are found by their `name` in the
// form marked by its hidden form name (web/components/forms/native-form-fields.tsx), and an error goes in the box the
// page already has for it (`<id>-error`) or, without one, right after the control, as web/components/ui/field.tsx
// places it. Values are escaped here; nothing a person typed is ever written unescaped. A password or a code is
// never handed in, so never put back.
import { FORM_NAME_FIELD, type NativeForm } from "../../shared/form-post";
import { escapeHtml } from "./plain-page";

export interface Refill {
  form: NativeForm;
  /** What goes back into the controls, by name: text for text, a boolean for a checkbox. */
  values: Readonly<Record<string, string | boolean>>;
  /** Each refused field's message, by name, in page order. */
  errors: Readonly<Record<string, string>>;
  /** The form's message above its fields: the spec's toast words. */
  alert: { title: string; description?: string };
}

const FIELD_ERROR_CLASS = "text-sm text-red-700";
const BOX_CLASS = "rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The opening tag of the control named `name`, with where it starts and ends in `html`. */
function findControl(
  html: string,
  name: string,
): { start: number; end: number; tag: string; kind: string } | null {
  const pattern = new RegExp(
    `<(input|textarea|select)\\b[^>]*\\sname="${escapeRegExp(escapeHtml(name))}"[^>]*>`,
  );
  const match = pattern.exec(html);
  if (!match) return null;
  return { start: match.index, end: match.index + match[0].length, tag: match[0], kind: match[1] ?? "" };
}

/** Where the control's element ends (after </textarea> or </select>, or its tag for an input). */
function controlEnd(html: string, control: { end: number; kind: string }): number {
  if (control.kind === "input") return control.end;
  const close = html.indexOf(`</${control.kind}>`, control.end);
  return close < 0 ? control.end : close + control.kind.length + 3;
}

const withoutAttribute = (tag: string, attribute: string) =>
  tag.replace(new RegExp(`\\s${attribute}(?:="[^"]*")?(?=[\\s/>])`, "g"), "");

const withAttributes = (tag: string, attributes: string) =>
  tag.replace(/\s*\/?>$/, (end) => `${attributes}${end}`);

/** What a number or date input may hold (the HTML standard's valid values); anything else is not put back. */
const VALID_FOR_TYPE: Record<string, RegExp> = {
  number: /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** A group of radio buttons (the review's rating): the one whose value was posted is checked, the others not. */
function checkRadio(form: string, name: string, value: string): string {
  const pattern = new RegExp(`<input\\b[^>]*\\sname="${escapeRegExp(escapeHtml(name))}"[^>]*>`, "g");
  return form.replace(pattern, (tag) => {
    const plain = withoutAttribute(tag, "checked");
    const own = /\svalue="([^"]*)"/.exec(plain)?.[1];
    return own === escapeHtml(value) ? withAttributes(plain, ' checked=""') : plain;
  });
}

function putValue(form: string, name: string, value: string | boolean): string {
  const control = findControl(form, name);
  if (!control) return form;
  if (/\stype="radio"/.test(control.tag)) return checkRadio(form, name, String(value));
  const before = form.slice(0, control.start);
  if (control.kind === "input") {
    const type = /\stype="([a-z]+)"/.exec(control.tag)?.[1] ?? "text";
    if (VALID_FOR_TYPE[type] && !VALID_FOR_TYPE[type].test(String(value))) value = "";
    const checkbox = type === "checkbox" || type === "radio";
    const tag = checkbox
      ? withAttributes(withoutAttribute(control.tag, "checked"), value === true ? ' checked=""' : "")
      : withAttributes(withoutAttribute(control.tag, "value"), ` value="${escapeHtml(String(value))}"`);
    return before + tag + form.slice(control.end);
  }
  const end = controlEnd(form, control);
  if (control.kind === "textarea") {
    // The newline after <textarea> is dropped by every HTML parser, so a value that starts with one keeps it.
    return `${before}${control.tag}\n${escapeHtml(String(value))}</textarea>${form.slice(end)}`;
  }
  const options = form.slice(control.end, end).replace(/<option\b[^>]*>/g, (option) => {
    const plain = withoutAttribute(option, "selected");
    const optionValue = /\svalue="([^"]*)"/.exec(plain)?.[1] ?? "";
    return optionValue === escapeHtml(String(value)) ? withAttributes(plain, ' selected=""') : plain;
  });
  return before + control.tag + options + form.slice(end);
}

function putError(form: string, name: string, message: string, first: boolean): string {
  const control = findControl(form, name);
  if (!control) return form;
  const id = /\sid="([^"]+)"/.exec(control.tag)?.[1];
  if (!id) return form;
  const errorId = `${id}-error`;
  const described = /\saria-describedby="([^"]*)"/.exec(control.tag)?.[1]?.split(" ") ?? [];
  const describedBy = [...new Set([...described.filter(Boolean), errorId])].join(" ");
  let tag = withoutAttribute(withoutAttribute(control.tag, "aria-invalid"), "aria-describedby");
  tag = withAttributes(
    tag,
    ` aria-invalid="true" aria-describedby="${describedBy}"${first ? ' autofocus=""' : ""}`,
  );
  const box = `<div id="${errorId}">`;
  const boxAt = form.indexOf(box);
  const text = escapeHtml(message);
  const withTag = form.slice(0, control.start) + tag + form.slice(control.end);
  if (boxAt >= 0) {
    // The page's own error box for this control (the sign-in steps): the message goes inside it.
    const at = withTag.indexOf(box) + box.length;
    return `${withTag.slice(0, at)}<p role="alert" class="${BOX_CLASS}">${text}</p>${withTag.slice(at)}`;
  }
  const end = controlEnd(withTag, { end: control.start + tag.length, kind: control.kind });
  return `${withTag.slice(0, end)}<p id="${errorId}" class="${FIELD_ERROR_CLASS}">${text}</p>${withTag.slice(end)}`;
}

/** The page with the form filled in and its errors shown, or null when the page has no such form. */
export function refillPage(page: string, refill: Refill): string | null {
  const marker = page.indexOf(`name="${FORM_NAME_FIELD}" value="${refill.form}"`);
  const start = marker < 0 ? -1 : page.lastIndexOf("<form", marker);
  const open = start < 0 ? -1 : page.indexOf(">", start) + 1;
  const close = marker < 0 ? -1 : page.indexOf("</form>", marker);
  if (start < 0 || open <= 0 || close < 0) return null;
  let form = page.slice(open, close);
  for (const [name, value] of Object.entries(refill.values)) form = putValue(form, name, value);
  Object.entries(refill.errors).forEach(([name, message], index) => {
    form = putError(form, name, message, index === 0);
  });
  const { title, description } = refill.alert;
  const alert = `<div role="alert" class="${BOX_CLASS}"><p>${escapeHtml(title)}</p>${
    description ? `<p>${escapeHtml(description)}</p>` : ""
  }</div>`;
  return page.slice(0, open).replace("<title>", "<title>Not sent: ") + alert + form + page.slice(close);
}
