import { AU_ELIGIBILITY, DOMAIN_INCLUDED, GST_NOTE, isAuDomain, SALE_PROCESS, saleTermsLabel } from '../../../web/src/entry-server.js';
import type { MonthlyTraffic, VitalMetric } from '../../../schema/src/index.js';
import { type Config, isLoopbackHost } from '../config/config.js';

/** What the report states: the settings' terms and the figures measured as it is generated. */
export interface DomainReportData {
  domain: string;
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  priceAud: number | null;
  minOfferAud: number | null;
  /** Published articles readers can see now. */
  totalArticles: number;
  /** The latest publication date. */
  latestPublished: Date | null;
  categories: { name: string; articles: number }[];
  /** The site's own audience measurement (decision 024). */
  audience: AudienceFigures;
  generatedAt: Date;
}

/** First-party traffic for the report: the last 30 days, the last months, and Core Web Vitals. */
export interface AudienceFigures {
  last30Days: { views: number; visitors: number };
  /** Oldest first; the current month is counted so far. */
  months: MonthlyTraffic[];
  /** p75 per metric over every reader page in the last 30 days; empty before any was measured. */
  vitals: { metric: VitalMetric; p75: number; samples: number; rating: string }[];
}

const NAVY = '#0a1f3c';
const ACCENT = '#f59e0b';
const MUTED = '#4b5563';
const MARGIN = 56;

function dateAu(date: Date): string {
  return date.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
}

/**
 * The Domain Report as PDF bytes: terms, live figures with a chart, process, eligibility, contact
 * details. pdfkit (about 9 MB resident) is loaded with the first report, not when the server starts.
 */
export async function renderDomainReport(data: DomainReportData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${data.domain} - Domain Report`, Author: data.siteName, Subject: `${data.domain} is for sale`, CreationDate: data.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(14).fillColor(NAVY).text(text);
    doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + 40, doc.y + 2).lineWidth(2).strokeColor(ACCENT).stroke();
    doc.moveDown(0.6).font('Helvetica').fontSize(10.5).fillColor('#111827');
  };

  // Banner
  doc.rect(0, 0, doc.page.width, 128).fill(NAVY);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(24).text(data.domain, MARGIN, 38, { width });
  doc.font('Helvetica').fontSize(12).fillColor('#e5e7eb').text(`Domain Report - ${data.siteName}`, MARGIN, 72, { width });
  doc.fontSize(9).text(`Generated ${dateAu(data.generatedAt)} (${data.generatedAt.toISOString()})`, MARGIN, 92, { width });
  doc.y = 150;
  doc.x = MARGIN;

  heading('Asking terms');
  doc.font('Helvetica-Bold').fontSize(13).text(`${data.domain} is for sale: ${saleTermsLabel({ salePriceAud: data.priceAud, saleMinOfferAud: data.minOfferAud })}`);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(GST_NOTE).fillColor('#111827');

  heading('What is included');
  doc.list([...DOMAIN_INCLUDED], { bulletRadius: 2 });

  heading('Live figures (measured)');
  doc.fillColor(MUTED).fontSize(9.5).text(`Measured from the site's database when this report was generated, ${dateAu(data.generatedAt)}. Articles count those published and visible to readers.`);
  doc.fillColor('#111827').fontSize(10.5).moveDown(0.5);
  doc.font('Helvetica-Bold').text(`Articles published: ${data.totalArticles.toLocaleString('en-AU')}`);
  doc.font('Helvetica');
  if (data.latestPublished) doc.text(`Latest article published: ${dateAu(data.latestPublished)}`);
  doc.text(`Categories with articles: ${data.categories.filter((c) => c.articles > 0).length} of ${data.categories.length}`);
  doc.text(`Indexable pages: home, ${data.categories.length} category pages, ${data.totalArticles.toLocaleString('en-AU')} article pages, about, contact; RSS and Atom feeds and XML sitemaps at ${data.siteUrl}`);

  // Articles per category: a horizontal bar chart.
  const rows = data.categories.filter((c) => c.articles > 0).sort((a, b) => b.articles - a.articles);
  if (rows.length) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10.5).text('Articles per category');
    doc.moveDown(0.3).font('Helvetica').fontSize(9);
    const max = Math.max(...rows.map((r) => r.articles));
    const labelWidth = 170;
    const barMax = width - labelWidth - 50;
    for (const row of rows) {
      if (doc.y > doc.page.height - MARGIN - 20) doc.addPage();
      const y = doc.y;
      doc.fillColor('#111827').text(row.name, MARGIN, y, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
      const barWidth = Math.max(2, (row.articles / max) * barMax);
      doc.rect(MARGIN + labelWidth, y + 1, barWidth, 9).fill(NAVY);
      doc.fillColor('#111827').text(row.articles.toLocaleString('en-AU'), MARGIN + labelWidth + barWidth + 6, y, { lineBreak: false });
      doc.x = MARGIN;
      doc.y = y + 14;
    }
  }
  doc.x = MARGIN;
  doc.fillColor('#111827').fontSize(10.5);

  audienceSection(doc, data.audience, width, heading);

  heading('How the purchase works');
  SALE_PROCESS.forEach((step, index) => {
    doc.font('Helvetica-Bold').text(`${index + 1}. ${step.title}. `, { continued: true }).font('Helvetica').text(step.text);
    doc.moveDown(0.25);
  });

  if (isAuDomain(data.domain)) {
    heading('.au eligibility');
    doc.text(AU_ELIGIBILITY);
  }

  heading('Contact');
  doc.text(`Email: ${data.contactEmail}`);
  doc.text(`Phone: ${data.contactPhone}`);
  doc.text(`Offer form: ${data.siteUrl}/domain`);
  doc.text(`Domain purchase inquiries are answered the same day. Quote your INQ- reference in later correspondence.`);

  doc.end();
  return done;
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "1,234 ms" for timings, "0.05" for the layout shift score. */
function vitalValue(metric: VitalMetric, value: number): string {
  return metric === 'CLS' ? value.toFixed(2) : `${Math.round(value).toLocaleString('en-AU')} ms`;
}

/** Audience: totals, page views and visitors per month as a bar chart, and Core Web Vitals p75. */
function audienceSection(doc: PDFKit.PDFDocument, audience: AudienceFigures, width: number, heading: (text: string) => void): void {
  // A block that would run past the bottom margin starts on a new page (pdfkit would split it line by line).
  const keepTogether = (height: number) => {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  };
  heading('Audience (measured first-party)');
  doc.fillColor(MUTED).fontSize(9.5).text(
    'Counted by the site itself, without cookies or third parties: page views of reader pages (bots and prefetches excluded) and visitors counted once per day from a daily-rotating salted hash; no IP address or user agent is stored.',
    { width },
  );
  doc.fillColor('#111827').fontSize(10.5).moveDown(0.4);
  doc.font('Helvetica-Bold').text(`Page views, last 30 days: ${audience.last30Days.views.toLocaleString('en-AU')}`);
  doc.text(`Visitors, last 30 days: ${audience.last30Days.visitors.toLocaleString('en-AU')}`);
  doc.font('Helvetica');

  doc.moveDown(0.6);
  keepTogether(30 + audience.months.length * 14);
  doc.font('Helvetica-Bold').fontSize(10.5).text('Page views and visitors per month');
  doc.moveDown(0.3).font('Helvetica').fontSize(9);
  const max = Math.max(1, ...audience.months.map((m) => m.views));
  const labelWidth = 70;
  const barMax = width - labelWidth - 170;
  for (const month of audience.months) {
    const y = doc.y;
    doc.fillColor('#111827').text(MONTH_LABEL.format(new Date(`${month.month}-01T00:00:00Z`)), MARGIN, y, { width: labelWidth - 8, lineBreak: false });
    const barWidth = month.views > 0 ? Math.max(2, (month.views / max) * barMax) : 0;
    if (barWidth > 0) doc.rect(MARGIN + labelWidth, y + 1, barWidth, 9).fill(ACCENT);
    doc.fillColor('#111827').text(`${month.views.toLocaleString('en-AU')} views, ${month.visitors.toLocaleString('en-AU')} visitors`, MARGIN + labelWidth + barWidth + 6, y, { lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + 14;
  }

  doc.x = MARGIN;
  doc.moveDown(0.6);
  keepTogether(40 + Math.max(1, audience.vitals.length) * 13);
  doc.font('Helvetica-Bold').fontSize(10.5).text('Core Web Vitals (75th percentile, last 30 days, real readers)');
  doc.font('Helvetica').fontSize(10);
  if (audience.vitals.length === 0) doc.fillColor(MUTED).text('No measurements yet.').fillColor('#111827');
  for (const vital of audience.vitals) {
    doc.text(`${vital.metric}: ${vitalValue(vital.metric, vital.p75)} (${vital.rating.replace(/-/g, ' ')}, ${vital.samples.toLocaleString('en-AU')} ${vital.samples === 1 ? 'sample' : 'samples'})`);
  }
  doc.fillColor(MUTED).fontSize(9).text('A visitor who returns on another day is counted again on that day: monthly visitors are the sum of daily visitors.', { width });
  doc.fillColor('#111827').fontSize(10.5);
}

/**
 * Where the report sends buyers: the site's address, or the domain for sale when the site runs on a
 * loopback address (a buyer cannot open http://localhost:3000).
 */
export function reportSiteUrl(config: Pick<Config, 'siteUrl' | 'sale'>): string {
  const url = new URL(config.siteUrl);
  return isLoopbackHost(url.hostname) ? `https://${config.sale.domain}` : config.siteUrl.replace(/\/+$/, '');
}

/** The report's data from the settings; the figures are read by the route. */
export function reportTerms(config: Config) {
  return {
    domain: config.sale.domain,
    siteName: config.siteName,
    siteUrl: reportSiteUrl(config),
    contactEmail: config.contactEmail,
    contactPhone: config.contactPhone,
    priceAud: config.sale.priceAud,
    minOfferAud: config.sale.minOfferAud,
  };
}
