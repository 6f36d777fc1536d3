import type { SiteConfig } from '../../config/site-settings';
import { downloadDomainReport } from './domain-report';

/** 'Download Domain Report' saves the report built from the site's settings. */
export function hydrate(element: HTMLElement): void {
  const button = element.querySelector('button');
  button?.addEventListener('click', () => downloadDomainReport(window.__SITE_CONFIG__ as SiteConfig));
}
