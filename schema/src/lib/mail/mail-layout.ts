import { MAIL_BLOCKS } from './mail-blocks.generated.js';

/** A compiled block of mail-blocks.mjml: the frame, a section, and what a section holds. */
export type MailBlockName = keyof typeof MAIL_BLOCKS;

const SLOT = /\{\{([a-zA-Z]+)\}\}/g;

/** Text made safe for HTML, attributes included. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One compiled block with its slots filled, in a single pass: what a value holds is never read as
 * a slot. Values are HTML: text goes through escapeHtml first.
 */
export function mailBlock(name: MailBlockName, values: Readonly<Record<string, string>>): string {
  return MAIL_BLOCKS[name].replace(SLOT, (_slot, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`the mail block "${name}" has no value for {{${key}}}`);
    return value;
  });
}

/** A white section holding paragraphs (text, escaped here) and any other blocks given as HTML. */
export function textSection(paragraphs: readonly string[], more = ''): string {
  return mailBlock('section', { items: paragraphs.map((text) => mailBlock('paragraph', { text: escapeHtml(text) })).join('') + more });
}

/**
 * Where one section's Outlook-only markup ends and the next one's begins: MJML merges the two, as a
 * whole document compiled at once would have them (every value is escaped, so none can hold it).
 */
const ADJACENT_OUTLOOK_CONDITIONALS = /<!\[endif]-->\s*?<!--\[if mso \| IE]>/g;

/** A whole mail: the site's frame (its name above, the footer's lines below) around its sections. */
export function mailHtml(parts: { title: string; siteName: string; sections: string; footerLines: readonly string[] }): string {
  return mailBlock('frame', {
    title: escapeHtml(parts.title),
    siteName: escapeHtml(parts.siteName),
    body: parts.sections,
    footer: parts.footerLines.map((line) => escapeHtml(line)).join('<br />'),
  }).replace(ADJACENT_OUTLOOK_CONDITIONALS, '');
}
