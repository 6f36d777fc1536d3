import { refreshAgeLabels } from '../../lib/age-label';
import { CHIPS_ATTRIBUTE, SWAP_ATTRIBUTE } from './latest-filter-regions';

/**
 * Shows a Filter choice in place (decision 114). The page for the choice is the one the server
 * renders for its address (`/?category=<slug>`, from the same HomePage query as a reload), fetched
 * and parsed by the browser's HTML parser; the parts marked `data-latest-swap` take its content,
 * the chips take its current one. Loaded by the latest-filter island on demand.
 */

type HistoryStep = 'push' | 'replace' | 'none';

let inFlight: AbortController | null = null;
/** Emotion ids this script has added styles for (a fetched page may use a class this one lacks). */
const adoptedIds = new Set<string>();

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/** The page's address for the chosen filter, as the chips link it (with #latest: a reload lands there). */
export async function showFilter(url: string, step: HistoryStep, doc: Document = document): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const regions = [...doc.querySelectorAll<HTMLElement>(`[${SWAP_ATTRIBUTE}]`)];
  for (const region of regions) region.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(withoutHash(url), { signal: controller.signal, credentials: 'same-origin', headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`The page answered ${response.status}`);
    const next = inert(await response.text(), doc);
    if (controller.signal.aborted) return;
    const pairs = regions.map((region) => [region, next.querySelector<HTMLElement>(`[${SWAP_ATTRIBUTE}="${region.getAttribute(SWAP_ATTRIBUTE)}"]`)] as const);
    if (!pairs.length || pairs.some(([, fresh]) => !fresh)) throw new Error('The page has no Latest section to show');
    adoptStyles(next, doc);
    const focusWasInside = pairs.some(([region]) => region.contains(doc.activeElement));
    for (const [region, fresh] of pairs) replaceContent(region, fresh!, doc);
    syncChips(doc, next);
    if (step === 'push' && withoutHash(url) !== withoutHash(location.href)) history.pushState(history.state, '', url);
    else if (step !== 'none') history.replaceState(history.state, '', url);
    // A link the reader was on has gone with the old list: focus the chosen chip instead.
    if (focusWasInside) currentChip(doc)?.focus();
  } catch (error) {
    if (controller.signal.aborted) return;
    // Anything unexpected: the server's answer, as without script.
    console.warn('Filter shown by loading the page:', error);
    location.assign(url);
  } finally {
    if (inFlight === controller) {
      inFlight = null;
      for (const region of regions) region.removeAttribute('aria-busy');
    }
  }
}

/** The region keeps its element (a live region announces its new text); content and attributes are the fetched ones. */
function replaceContent(region: HTMLElement, fresh: HTMLElement, doc: Document): void {
  for (const name of region.getAttributeNames()) if (name !== 'aria-busy' && !fresh.hasAttribute(name)) region.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) region.setAttribute(name, fresh.getAttribute(name)!);
  region.replaceChildren(...[...fresh.childNodes].map((node) => doc.importNode(node, true)));
  refreshAgeLabels(region);
}

/**
 * The page parsed into a template: its content is inert (no image loads, no script, no style
 * sheet). A DOMParser document would check each <style> against this page's CSP, which lists
 * only this page's hashes, and report the fetched page's as violations.
 */
function inert(html: string, doc: Document): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function syncChips(doc: Document, next: ParentNode): void {
  const fresh = new Map([...next.querySelectorAll<HTMLAnchorElement>(`[${CHIPS_ATTRIBUTE}] a`)].map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]));
  for (const chip of doc.querySelectorAll<HTMLAnchorElement>(`[${CHIPS_ATTRIBUTE}] a`)) {
    const current = fresh.get(chip.getAttribute('href'));
    if (current) chip.setAttribute('aria-current', current);
    else chip.removeAttribute('aria-current');
  }
}

function currentChip(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[${CHIPS_ATTRIBUTE}]:not([hidden]) a[aria-current="true"]`);
}

/** The address the chips currently show, without its hash. */
export function shownAddress(doc: Document = document): string | null {
  const chip = doc.querySelector<HTMLAnchorElement>(`[${CHIPS_ATTRIBUTE}] a[aria-current="true"]`);
  return chip ? withoutHash(chip.href) : null;
}

/**
 * The server's critical CSS comes as `<style data-emotion="css id…">` elements, each allowed by
 * its hash in the page's CSP; rules a fetched page has and this one lacks are added through the
 * CSSOM (a constructed sheet), which the CSP does not govern.
 */
function adoptStyles(next: ParentNode, doc: Document): void {
  const known = new Set(adoptedIds);
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) for (const id of idsOf(style)) known.add(id);
  const sheets: CSSStyleSheet[] = [];
  for (const style of next.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    const ids = idsOf(style);
    if (!ids.length || ids.every((id) => known.has(id)) || typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) continue;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(style.textContent ?? '');
    sheets.push(sheet);
    for (const id of ids) adoptedIds.add(id);
  }
  if (sheets.length) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, ...sheets];
}

function idsOf(style: HTMLStyleElement): string[] {
  return (style.dataset.emotion ?? '').split(' ').slice(1).filter(Boolean);
}
