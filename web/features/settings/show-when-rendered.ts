// The dashboard's banners open the Settings view and take the person to one of its parts: the view renders after
// the tab switch, so the element is looked for over the next few frames, then scrolled to the top and focused.

/** Scrolls the element with this id into view and focuses it, as soon as it is on the page (about half a second). */
export function scrollToAndFocus(id: string, framesLeft = 30): void {
  const element = document.getElementById(id);
  if (!element) {
    if (framesLeft > 0) requestAnimationFrame(() => scrollToAndFocus(id, framesLeft - 1));
    return;
  }
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  element.focus({ preventScroll: true });
}
