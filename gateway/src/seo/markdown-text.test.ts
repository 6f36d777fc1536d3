import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { frontMatter, markdownLink, markdownText } from './markdown-text.js';

const md = new MarkdownIt('commonmark');
/** What a reader sees once the Markdown is rendered: the text of the HTML. */
const rendered = (markdown: string) =>
  md
    .render(markdown)
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

const HOSTILE = [
  '# Not a heading',
  '> not a quote',
  '- not a list',
  '+ not a list',
  '1. not a list',
  '2) not a list',
  '=== not a setext underline',
  '| not | a table |',
  'Stars *around* and _under_ and **bold**',
  'A [link](https://evil.example) and ![image](https://evil.example/x.png)',
  'Inline <script>alert(1)</script> and <img src=x onerror=alert(1)>',
  'Code `ticks` and a \\ backslash',
  'Entities &amp; &#60; &#x3C; stay as typed, AT&T too',
  'Plain text, 2.5 per cent and a dash - in the middle.',
];

describe('Markdown text', () => {
  it.each(HOSTILE)('renders %j as exactly that text, with no markup', (text) => {
    const html = md.render(markdownText(text));
    expect(html).not.toMatch(/<(h\d|blockquote|ul|ol|li|em|strong|a|img|code|script|table|hr)\b/);
    expect(rendered(markdownText(text))).toBe(text);
  });

  it('keeps a line break from starting a new block', () => {
    expect(markdownText('one\n# two')).not.toContain('\n');
  });

  it('links with the text escaped and the target kept whole', () => {
    const html = md.render(markdownLink('A [tricky] title', 'https://news.example.au/articles/7.md'));
    expect(html).toContain('<a href="https://news.example.au/articles/7.md">A [tricky] title</a>');
  });

  it('writes front matter values as JSON strings, so no value can end the block', () => {
    expect(frontMatter({ title: 'Line one\n---\nadmin: true', author: undefined })).toBe('---\ntitle: "Line one\\n---\\nadmin: true"\n---\n');
  });
});
