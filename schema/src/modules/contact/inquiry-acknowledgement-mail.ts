import { mailHtml, textSection } from '../../lib/mail/mail-layout.js';
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

/**
 * The sender's receipt, with REFERENCE_SLOT where the reference goes. It repeats nothing the sender
 * typed (name, subject, message): the form cannot be used to send chosen words to any address.
 */
export function acknowledgementTemplate(sender: InquirySender, inquiryType: InquiryTypeValue, meetsAskingPrice = false): AcknowledgementTemplate {
  const label = INQUIRY_TYPE_LABELS[inquiryType];
  const subject = `We received your message: ${REFERENCE_SLOT} (${sender.siteName})`;
  const lines = [
    `Thank you for contacting ${sender.siteName}. Your ${label.toLowerCase()} is stored under the reference ${REFERENCE_SLOT}: quote it when you write to us again.`,
    ...(meetsAskingPrice ? ['Your offer meets the asking price.'] : []),
    `What happens next: we read every message and reply by e-mail ${INQUIRY_REPLY_TIMES[inquiryType]} (${label}).`,
    `If you did not send this message, ignore this e-mail: nothing more will be sent.`,
  ];
  const contact = `${sender.siteName}, ${sender.siteUrl}. Contact: ${sender.contactEmail}${sender.contactPhone ? `, ${sender.contactPhone}` : ''}`;
  const html = mailHtml({ title: subject, siteName: sender.siteName, sections: textSection(lines), footerLines: [contact] });
  return { subject, text: [...lines, '', '--', contact].join('\n'), html };
}

/** The template with the stored inquiry's reference in its place. */
export function withReference(template: AcknowledgementTemplate, reference: string): AcknowledgementTemplate {
  const fill = (text: string) => text.split(REFERENCE_SLOT).join(reference);
  return { subject: fill(template.subject), text: fill(template.text), html: fill(template.html) };
}
