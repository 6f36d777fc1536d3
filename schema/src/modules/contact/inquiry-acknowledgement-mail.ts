import { LRUCache } from 'lru-cache';
import { loadMjml } from '../../lib/mjml-loader.js';
import type { NewsletterSender } from '../newsletter/newsletter-mail.js';
import { INQUIRY_TYPE_LABELS, type InquiryTypeValue } from './inquiry-types.js';

/** Who acknowledges an inquiry: the site, its address and its contact details. */
export type InquirySender = NewsletterSender;

/** Stands for the reference in a template rendered before the inquiry is stored. */
export const REFERENCE_SLOT = '__INQUIRY_REFERENCE__';

/** The reply times the contact page promises (docs/product.md), per inquiry type. */
export const INQUIRY_REPLY_TIMES: Record<InquiryTypeValue, string> = {
  general: 'within 24-48 hours',
  domain: 'the same day',
  advertising: 'within 24 hours',
  editorial: 'within 24-48 hours',
  technical: 'within 1-2 hours',
};

export interface AcknowledgementTemplate {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Receipts already rendered, one per sender, type and asking-price mark (a handful): inquiries
 * arriving together share one MJML render instead of each allocating its own. Bounded in bytes.
 */
const rendered = new LRUCache<string, Promise<AcknowledgementTemplate>>({ maxSize: 512 * 1024, sizeCalculation: (_template, key) => 2 * key.length + 32 * 1024 });

/**
 * The sender's receipt, with REFERENCE_SLOT where the reference goes. It repeats nothing the sender
 * typed (name, subject, message): the form cannot be used to send chosen words to any address.
 */
export function acknowledgementTemplate(sender: InquirySender, inquiryType: InquiryTypeValue, meetsAskingPrice = false): Promise<AcknowledgementTemplate> {
  const key = JSON.stringify([sender.siteName, sender.siteUrl, sender.contactEmail, sender.contactPhone ?? '', inquiryType, meetsAskingPrice]);
  let template = rendered.get(key);
  if (!template) {
    template = renderAcknowledgement(sender, inquiryType, meetsAskingPrice);
    rendered.set(key, template);
    // A failed render is not kept: the next inquiry tries again.
    template.catch(() => rendered.delete(key));
  }
  return template;
}

async function renderAcknowledgement(sender: InquirySender, inquiryType: InquiryTypeValue, meetsAskingPrice: boolean): Promise<AcknowledgementTemplate> {
  const label = INQUIRY_TYPE_LABELS[inquiryType];
  const subject = `We received your message: ${REFERENCE_SLOT} (${sender.siteName})`;
  const lines = [
    `Thank you for contacting ${sender.siteName}. Your ${label.toLowerCase()} is stored under the reference ${REFERENCE_SLOT}: quote it when you write to us again.`,
    ...(meetsAskingPrice ? ['Your offer meets the asking price.'] : []),
    `What happens next: we read every message and reply by e-mail ${INQUIRY_REPLY_TIMES[inquiryType]} (${label}).`,
    `If you did not send this message, ignore this e-mail: nothing more will be sent.`,
  ];
  const contact = `${sender.siteName}, ${sender.siteUrl}. Contact: ${sender.contactEmail}${sender.contactPhone ? `, ${sender.contactPhone}` : ''}`;
  const { html, errors } = await (await loadMjml())(
    `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text color="#1a1a1a" font-size="16px" line-height="1.5" /></mj-attributes>
    <mj-raw><meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" /></mj-raw>
  </mj-head>
  <mj-body background-color="#f4f4f4" width="600px">
    <mj-section background-color="#0b3d91"><mj-column><mj-text color="#ffffff" font-size="22px" font-weight="bold">${escapeHtml(sender.siteName)}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff"><mj-column>${lines.map((line) => `<mj-text>${escapeHtml(line)}</mj-text>`).join('')}</mj-column></mj-section>
    <mj-section><mj-column><mj-text color="#555555" font-size="12px">${escapeHtml(contact)}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`,
    { validationLevel: 'soft' },
  );
  if (errors.length) throw new Error(`acknowledgement template: ${errors[0].formattedMessage}`);
  return { subject, text: [...lines, '', '--', contact].join('\n'), html };
}

/** The template with the stored inquiry's reference in its place. */
export function withReference(template: AcknowledgementTemplate, reference: string): AcknowledgementTemplate {
  const fill = (text: string) => text.split(REFERENCE_SLOT).join(reference);
  return { subject: fill(template.subject), text: fill(template.text), html: fill(template.html) };
}
