// Focus the router moves itself (to the new page's heading, to a #target) serves keyboard and
// screen-reader users; its ring is for the keyboard alone. Browsers draw it after a script's
// focus() when focus was in a text field (the search box a result was chosen from) and the tap
// on a link took no focus, as on phones: so the last input decides here.
let pointer = false;

/** Follows whether the reader last used a pointer (mouse, touch, pen) or a key. */
export function trackInputModality(): () => void {
  const onPointer = () => {
    pointer = true;
  };
  const onKey = () => {
    pointer = false;
  };
  document.addEventListener('pointerdown', onPointer, { capture: true, passive: true });
  document.addEventListener('keydown', onKey, { capture: true, passive: true });
  return () => {
    document.removeEventListener('pointerdown', onPointer, { capture: true });
    document.removeEventListener('keydown', onKey, { capture: true });
  };
}

/** Focuses `el` without scrolling; after a pointer, without the ring (until it loses focus). */
export function focusTarget(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  if (pointer) {
    el.setAttribute('data-pointer-focus', '');
    el.addEventListener('blur', () => el.removeAttribute('data-pointer-focus'), { once: true });
  } else el.removeAttribute('data-pointer-focus');
  // focusVisible: where supported (Firefox, Safari), the browser itself leaves the ring out.
  el.focus({ preventScroll: true, focusVisible: !pointer } as FocusOptions);
}
