/**
 * The first HTML already draws the frame and the page's title (the server's page skeleton). The app's
 * code starts once the browser has painted it, so a phone shows the title with the stylesheet instead
 * of after the first scripts have run; the scripts themselves are already downloading (preloaded).
 * The paint is heard from the browser's paint timing, which needs no timer; a tab that paints nothing
 * (hidden) or a browser without paint timing starts at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const paintTiming = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint') ?? false;
    if (!paintTiming || document.visibilityState !== 'visible') return resolve();
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    // Buffered: a paint that came before this script ran is heard too.
    observer.observe({ type: 'paint', buffered: true });
    // A page that turns out to paint nothing (it was hidden meanwhile) is not kept waiting.
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
}

// The async boundary lets Module Federation negotiate shared singletons before React loads.
void afterFirstPaint().then(() => import('./bootstrap'));
