import { coverUrl } from '../../lib/cover-url.js';
import { escapeHtml, mailBlock, mailHtml, textSection } from '../../lib/mail/mail-layout.js';
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

/** The shared frame: tables and inline styles compiled from MJML, light and dark friendly colours, the sender named. */
function render(sender: NewsletterSender, title: string, sections: string, manageToken: string): string {
  return mailHtml({ title, siteName: sender.siteName, sections, footerLines: footerLines(sender, manageToken) });
}

/** The one e-mail sent before consent is confirmed. */
export function confirmationMail(sender: NewsletterSender, to: string, confirmToken: string, manageToken: string): OutgoingMail {
  const link = absolute(sender, `/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
  const subject = `Confirm your ${sender.siteName} newsletter subscription`;
  const intro = `Someone, hopefully you, asked to receive the ${sender.siteName} newsletter at this address. Confirm within 48 hours to start it; if it was not you, ignore this e-mail and nothing more will be sent.`;
  const html = render(sender, subject, textSection([intro], mailBlock('button', { href: escapeHtml(link), label: 'Confirm my subscription' })), manageToken);
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
export function renderDigest(sender: NewsletterSender, kind: NewsletterMailKind, campaign: string, stories: readonly DigestStory[]): RenderedDigest {
  const subject = kind === 'breaking' ? `Breaking: ${stories[0]?.title ?? sender.siteName}` : kind === 'daily' ? `${sender.siteName}: today's stories` : `${sender.siteName}: the week in Australian tech`;
  const sections = stories
    .map((story) =>
      mailBlock('section', {
        items: mailBlock('story', {
          imageUrl: escapeHtml(absolute(sender, coverUrl(story.imageUrl, { width: 560 }))),
          link: escapeHtml(trackedLink(sender, `/articles/${story.id}`, campaign)),
          title: escapeHtml(story.title),
          category: escapeHtml(story.category),
          excerpt: escapeHtml(story.excerpt),
        }),
      }),
    )
    .join('');
  const html = render(sender, subject, sections, MANAGE_TOKEN_SLOT);
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
