/**
 * After following a link within the site, focus moves to the new page's main heading, so screen
 * readers announce the page the reader arrived on (as a client-side router would). Not on reload,
 * back/forward (the browser restores the reader's place) or a link to a fragment.
 */
export function focusMainHeading(doc: Document = document): void {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation?.type !== 'navigate' || doc.location.hash) return;
  if (!doc.referrer || !URL.canParse(doc.referrer) || new URL(doc.referrer).origin !== doc.location.origin) return;
  const heading = doc.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
