import { siteHost, type SiteConfig } from '../../config/site-settings';
import { COVERAGE_AREAS, PLATFORM_METRICS } from './about-content';

export function domainReportFileName(config: SiteConfig): string {
  return `${siteHost(config)}-domain-report.txt`;
}

/** A plain-text summary for prospective buyers, built from static page content and site settings. */
export function buildDomainReport(config: SiteConfig): string {
  const host = siteHost(config);
  const lines = [
    `${config.siteName} - Domain Report`,
    '',
    `Domain: ${host}`,
    `Website: ${config.siteUrl}`,
    '',
    'Platform metrics',
    ...PLATFORM_METRICS.map((m) => `- ${m.label}: ${m.value}`),
    '',
    'Coverage areas',
    ...COVERAGE_AREAS.map((area) => `- ${area}`),
    '',
    'Purchase inquiries',
    `Email: ${config.contactEmail}`,
    `Phone: ${config.contactPhone}`,
    `Contact form: ${new URL('/contact', `${config.siteUrl}/`).toString()} (choose 'Domain Purchase' as the inquiry type)`,
    '',
  ];
  return lines.join('\n');
}

/** Browser only: call from an event handler. */
export function downloadDomainReport(config: SiteConfig): void {
  const blob = new Blob([buildDomainReport(config)], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = domainReportFileName(config);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled so the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
