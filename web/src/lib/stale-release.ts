/** When this tab last reloaded for a code file it could not load (sessionStorage, per tab). */
const RELOADED_AT = 'larder:reloaded-for-release';
/** A reload this recent that did not help means the file is missing from the new release too. */
const GRACE_MS = 60_000;

/**
 * A tab left open across a release asks for code files (a screen, a dialog, a chart) that the
 * release replaced. Vite reports that as `vite:preloadError`: the tab then reloads, once, to run
 * the release the server has now, instead of failing where the person clicked. A second failure
 * within a minute of that reload is left to fail as it would, so nothing reloads for ever.
 */
export function reloadForNewRelease(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Without a connection a reload brings nothing newer, and could leave the app's own pages.
    if (!navigator.onLine) return;
    try {
      const last = Number(sessionStorage.getItem(RELOADED_AT)) || 0;
      if (Date.now() - last < GRACE_MS) return;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // No storage (a private window that refuses it): no way to stop a loop, so no reload.
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
