import PDFDocument from 'pdfkit';
import { AU_ELIGIBILITY, DOMAIN_INCLUDED, GST_NOTE, isAuDomain, SALE_PROCESS, saleTermsLabel } from '../../../web/src/entry-server.js';
import type { Config } from '../config/config.js';

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
  generatedAt: Date;
}

const NAVY = '#0a1f3c';
const ACCENT = '#f59e0b';
const MUTED = '#4b5563';
const MARGIN = 56;

function dateAu(date: Date): string {
  return date.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
}

/** The Domain Report as PDF bytes: terms, live figures with a chart, process, eligibility, contact details. */
export function renderDomainReport(data: DomainReportData): Promise<Buffer> {
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
  doc.moveDown(0.5).fillColor(MUTED).fontSize(9.5).text(
    'Audience figures (page views, visitors) are not included: the site does not yet measure its audience first-party, and this report states only what is measured.',
    { width },
  );
  doc.fillColor('#111827').fontSize(10.5);

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

/** The report's data from the settings; the figures are read by the route. */
export function reportTerms(config: Config) {
  return {
    domain: config.sale.domain,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    contactEmail: config.contactEmail,
    contactPhone: config.contactPhone,
    priceAud: config.sale.priceAud,
    minOfferAud: config.sale.minOfferAud,
  };
}
