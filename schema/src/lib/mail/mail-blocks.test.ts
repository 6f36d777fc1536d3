import { readFile } from 'node:fs/promises';
import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { cutBlocks, MAIL_BLOCKS_MODULE, MAIL_BLOCKS_SOURCE, mailBlocksModule } from './compile-mail-blocks.js';
import { escapeHtml, mailBlock, type MailBlockName, mailHtml } from './mail-layout.js';

/** The same blocks as MJML, cut out of the source as the compiler cuts the HTML. */
async function mjmlBlocks(): Promise<Record<string, string>> {
  const source = (await readFile(MAIL_BLOCKS_SOURCE, 'utf8')).replace(/^<!--[\s\S]*?-->\s*/, '');
  // In the source a marker sits in an mj-raw of its own (which compiles to the marker alone).
  return cutBlocks(source.replace(/<mj-raw>(\[\[(?:block:[a-z]+|end)\]\])<\/mj-raw>/g, '$1'));
}

/** A block of MJML filled like mailBlock fills HTML: a slot that is a whole mj-raw takes MJML elements. */
function fillMjml(blocks: Record<string, string>, name: string, values: Record<string, string>): string {
  return blocks[name].replace(/<mj-raw>\{\{(\w+)\}\}<\/mj-raw>|\{\{(\w+)\}\}/g, (_slot, whole?: string, inline?: string) => values[(whole ?? inline)!]);
}

/** Whitespace between and inside tags does not change what a mail client shows. */
const normalised = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('the compiled mail blocks', () => {
  it('are what npm run mail:compile writes from mail-blocks.mjml', async () => {
    expect(await readFile(MAIL_BLOCKS_MODULE, 'utf8'), 'mail-blocks.generated.ts is stale: run `npm run mail:compile`').toBe(await mailBlocksModule());
  });

  it('compose the same HTML as MJML renders for the whole message', async () => {
    const source = await mjmlBlocks();
    const hostile = `Rates & "fees" <script>alert('x')</script> {{title}}`;
    const footerLines = ['Southern Cross Tech, https://example.com.au', hostile];
    // The same sections twice: from compiled HTML blocks, and from MJML blocks then compiled as one document.
    const sections = (fill: (name: MailBlockName, values: Record<string, string>) => string) =>
      [
        fill('section', { items: fill('paragraph', { text: escapeHtml(hostile) }) + fill('paragraph', { text: 'Second line.' }) + fill('button', { href: escapeHtml('https://example.com.au/confirm?token=a&b=c'), label: 'Confirm' }) }),
        ...[1, 2].map((n) =>
          fill('section', {
            items: fill('story', {
              imageUrl: escapeHtml(`https://example.com.au/media/covers/story-${n}.webp?w=560&q=80`),
              link: escapeHtml(`https://example.com.au/articles/${n}?utm_source=newsletter&utm_medium=email`),
              title: escapeHtml(`${hostile} ${n}`),
              category: escapeHtml('Security'),
              excerpt: escapeHtml(`An excerpt that says more than its title ${n}.`),
            }),
          }),
        ),
      ].join('');
    const composed = mailHtml({ title: hostile, siteName: 'Southern Cross Tech', sections: sections(mailBlock), footerLines });
    const whole = fillMjml(source, 'frame', {
      title: escapeHtml(hostile),
      siteName: escapeHtml('Southern Cross Tech'),
      body: sections((name, values) => fillMjml(source, name, values)),
      footer: footerLines.map(escapeHtml).join('<br />'),
    });
    const rendered = await mjml2html(whole, { validationLevel: 'strict' });
    expect(rendered.errors).toEqual([]);
    expect(normalised(composed)).toBe(normalised(rendered.html));
    expect(composed).toContain('{{title}}');
    expect(composed).not.toContain('<script>');
  });

  it('refuses a block composed without one of its slots', () => {
    expect(() => mailBlock('paragraph', {})).toThrow(/no value for \{\{text\}\}/);
  });
});
