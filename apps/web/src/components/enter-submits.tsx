/**
 * A form whose buttons live outside it (a modal's footer) still submits on Enter:
 * the browser's implicit submission needs a submit button inside the form.
 */
export function EnterSubmits() {
  return <button type="submit" hidden aria-hidden="true" tabIndex={-1} />;
}
