import { loadMjml } from '../../lib/mjml-loader.js';
import { coverUrl } from '../../lib/cover-url.js';
import { BODY_SLOT, type Mail, type SharedBodyMail } from '../notification/outbox.service.js';
import type { NewsletterMailKind } from './newsletter-options.js';

/** Who sends the newsletter: every e-mail names the site and its contact details (Spam Act 2003). */
export interface NewsletterSender {
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  contactPhone?: string;
}

export interface DigestStory {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  imageUrl: string;
}

/** Stands for the subscriber's manage token in a digest rendered once for many subscribers (the outbox fills it). */
export const MANAGE_TOKEN_SLOT = BODY_SLOT;

export type OutgoingMail = Omit<Mail, 'from'>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function absolute(sender: NewsletterSender, path: string): string {
  return new URL(path, sender.siteUrl).toString();
}

export function unsubscribeUrl(sender: NewsletterSender, token: string): string {
  return absolute(sender, `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
}

export function preferencesUrl(sender: NewsletterSender, token: string): string {
  return absolute(sender, `/newsletter/preferences?token=${encodeURIComponent(token)}`);
}

/** RFC 8058: a POST to the first URL unsubscribes at once, with no page in between. */
export function listHeaders(sender: NewsletterSender, manageToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(sender, manageToken)}>, <mailto:${sender.contactEmail}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function footerLines(sender: NewsletterSender, manageToken: string): string[] {
  return [
    `${sender.siteName}, ${sender.siteUrl}`,
    `Contact: ${sender.contactEmail}${sender.contactPhone ? `, ${sender.contactPhone}` : ''}`,
    `Change your categories or frequency: ${preferencesUrl(sender, manageToken)}`,
    `Unsubscribe at once: ${absolute(sender, `/newsletter/unsubscribe?token=${encodeURIComponent(manageToken)}`)}`,
  ];
}

/** The shared frame: tables and inline styles from MJML, light and dark friendly colours, the sender named. */
async function render(sender: NewsletterSender, title: string, body: string, manageToken: string): Promise<string> {
  const footer = footerLines(sender, manageToken).map((line) => escapeHtml(line)).join('<br />');
  const { html, errors } = await (await loadMjml())(
    `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(title)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text color="#1a1a1a" font-size="16px" line-height="1.5" /></mj-attributes>
    <mj-raw><meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" /></mj-raw>
  </mj-head>
  <mj-body background-color="#f4f4f4" width="600px">
    <mj-section background-color="#0b3d91"><mj-column><mj-text color="#ffffff" font-size="22px" font-weight="bold">${escapeHtml(sender.siteName)}</mj-text></mj-column></mj-section>
    ${body}
    <mj-section><mj-column><mj-text color="#555555" font-size="12px">${footer}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`,
    { validationLevel: 'soft' },
  );
  if (errors.length) throw new Error(`newsletter template: ${errors[0].formattedMessage}`);
  return html;
}

/** The one e-mail sent before consent is confirmed. */
export async function confirmationMail(sender: NewsletterSender, to: string, confirmToken: string, manageToken: string): Promise<OutgoingMail> {
  const link = absolute(sender, `/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
  const subject = `Confirm your ${sender.siteName} newsletter subscription`;
  const intro = `Someone, hopefully you, asked to receive the ${sender.siteName} newsletter at this address. Confirm within 48 hours to start it; if it was not you, ignore this e-mail and nothing more will be sent.`;
  const html = await render(
    sender,
    subject,
    `<mj-section background-color="#ffffff"><mj-column>
      <mj-text>${escapeHtml(intro)}</mj-text>
      <mj-button href="${escapeHtml(link)}" background-color="#0b3d91" color="#ffffff">Confirm my subscription</mj-button>
    </mj-column></mj-section>`,
    manageToken,
  );
  const text = [intro, '', `Confirm: ${link}`, '', '--', ...footerLines(sender, manageToken)].join('\n');
  return { to, subject, text, html, headers: listHeaders(sender, manageToken) };
}

export interface RenderedDigest {
  subject: string;
  /** With MANAGE_TOKEN_SLOT where each subscriber's token goes. */
  html: string;
  text: string;
}

/** Links the site's analytics counts as the newsletter's referrals. */
export function trackedLink(sender: NewsletterSender, path: string, campaign: string): string {
  const url = new URL(path, sender.siteUrl);
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', campaign);
  return url.toString();
}

/** A digest for one set of stories, rendered once and shared by every subscriber who gets the same stories. */
export async function renderDigest(sender: NewsletterSender, kind: NewsletterMailKind, campaign: string, stories: readonly DigestStory[]): Promise<RenderedDigest> {
  const subject = kind === 'breaking' ? `Breaking: ${stories[0]?.title ?? sender.siteName}` : kind === 'daily' ? `${sender.siteName}: today's stories` : `${sender.siteName}: the week in Australian tech`;
  const blocks = stories
    .map((story) => {
      const link = trackedLink(sender, `/articles/${story.id}`, campaign);
      return `<mj-section background-color="#ffffff"><mj-column>
      <mj-image src="${escapeHtml(absolute(sender, coverUrl(story.imageUrl, { width: 560 })))}" alt="${escapeHtml(story.title)}" width="560px" href="${escapeHtml(link)}" />
      <mj-text font-size="12px" color="#0b3d91" text-transform="uppercase">${escapeHtml(story.category)}</mj-text>
      <mj-text font-size="20px" font-weight="bold"><a href="${escapeHtml(link)}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(story.title)}</a></mj-text>
      <mj-text>${escapeHtml(story.excerpt)}</mj-text>
    </mj-column></mj-section>`;
    })
    .join('\n');
  const html = await render(sender, subject, blocks, MANAGE_TOKEN_SLOT);
  const text = [
    subject,
    '',
    ...stories.flatMap((story) => [`[${story.category}] ${story.title}`, story.excerpt, trackedLink(sender, `/articles/${story.id}`, campaign), '']),
    '--',
    ...footerLines(sender, MANAGE_TOKEN_SLOT),
  ].join('\n');
  return { subject, html, text };
}

/** One subscriber's copy of a digest whose body is stored once (`bodyId`): their address, headers and token. */
export function digestMailFor(sender: NewsletterSender, subject: string, bodyId: number, to: string, manageToken: string): SharedBodyMail {
  return { to, subject, text: '', body: { id: bodyId, slot: encodeURIComponent(manageToken) }, headers: listHeaders(sender, manageToken) };
}
