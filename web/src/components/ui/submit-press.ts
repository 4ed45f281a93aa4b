/**
 * The submit button a pointer is pressing, from its press until the click that follows.
 *
 * A field checked as it is left, left by pressing its form's submit button, showed its message at
 * the press: the message pushed the button down from under the pointer, the release landed off
 * it, and the form was not sent. Such a field leaves its check to the submit, which checks every
 * field. Listened for on the document, ahead of every handler, so each form needs nothing.
 */
let pressed: HTMLButtonElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      pressed =
        event.target instanceof Element
          ? event.target.closest<HTMLButtonElement>('button[type="submit"]')
          : null;
    },
    true,
  );
  // A click follows the release (on the button, or where the press and release meet).
  document.addEventListener(
    'click',
    () => {
      pressed = null;
    },
    true,
  );
}

/** Whether a field is being left by a press on its own form's submit button. */
export function leftForSubmit(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  return pressed !== null && field.form !== null && pressed.form === field.form;
}
