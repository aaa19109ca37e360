import { preloaderFadeMs } from '@pharma/contracts';

let faded = false;

/**
 * The splash of index.html fades once the first screen is drawn and at least 1000 ms have passed since the
 * page was opened (spec §9), then leaves the page. Called by whichever screen comes first (the sign-in
 * screen, or the signed-in app once its data is on the screen); later calls do nothing.
 */
export function fadePreloader(): void {
  if (faded) return;
  faded = true;
  const preloader = document.getElementById('preloader');
  if (!preloader) return;
  // performance.now() counts from the page's opening: the splash is not held longer when the code came slowly
  const wait = Math.max(0, preloaderFadeMs - performance.now());
  window.setTimeout(() => {
    preloader.classList.add('is-hidden');
    preloader.setAttribute('aria-busy', 'false');
  }, wait);
  window.setTimeout(() => preloader.remove(), wait + 600);
}
