import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-html';
import { fillSettings, STANDARDS_PAGES } from './standards-pages';

describe('standards Markdown', () => {
  it('renders headings, lists and site links', () => {
    const html = markdownToHtml('## Accuracy\n\n- One\n- Two\n\nSee [the policy](/corrections-policy).');
    expect(html).toContain('<h2>Accuracy</h2>');
    expect(html).toContain('<li>One</li>');
    expect(html).toContain('<a href="/corrections-policy">the policy</a>');
  });

  it('shows raw HTML as text and refuses script links', () => {
    const html = markdownToHtml('<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('fills the site settings into every page, leaving no placeholder', () => {
    for (const page of STANDARDS_PAGES) {
      const text = fillSettings(`${page.description}\n${page.markdown}`, { siteName: 'AusTech News', domain: 'technews.example.au', email: 'news@example.au' });
      expect(text, page.path).not.toMatch(/\{(siteName|domain|email)\}/);
    }
    expect(fillSettings(STANDARDS_PAGES.find((p) => p.path === '/ownership')!.markdown, { siteName: 'S', domain: 'technews.example.au', email: 'e' })).toContain('**technews.example.au**');
  });
});
