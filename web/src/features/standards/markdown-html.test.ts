import { describe, expect, it } from 'vitest';
import { isAllowedLink, markdownToHtml } from './markdown-html';
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

  it('links only to http(s), mailto and relative addresses', () => {
    const html = markdownToHtml(
      [
        '[web](https://example.com/a) [plain](http://example.com) [mail](mailto:news@example.au) [site](/ownership) [here](#top) [rel](about)',
        '[data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [file](file:///etc/passwd) [ftp](ftp://example.com)',
        '[tab](<java\tscript:alert(1)>) [entity](java&#x09;script:alert(1)) [upper](JAVASCRIPT:alert(1)) ![pic](javascript:alert(1))',
      ].join('\n\n'),
    );
    for (const href of ['https://example.com/a', 'http://example.com', 'mailto:news@example.au', '/ownership', '#top', 'about']) expect(html).toContain(`href="${href}"`);
    const hrefs = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://example.com/a', 'http://example.com', 'mailto:news@example.au', '/ownership', '#top', 'about']);
    expect(html).not.toMatch(/<img/);
  });

  it('judges addresses as a browser reads them', () => {
    expect(isAllowedLink('java\tscript:alert(1)')).toBe(false);
    expect(isAllowedLink(' \u0000javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('Mailto:someone@example.au')).toBe(true);
    expect(isAllowedLink('/search?q=a:b')).toBe(true);
    expect(isAllowedLink('//cdn.example.com/x')).toBe(true);
  });

  it('fills the site settings into every page, leaving no placeholder', () => {
    for (const page of STANDARDS_PAGES) {
      const text = fillSettings(`${page.description}\n${page.markdown}`, { siteName: 'AusTech News', domain: 'technews.example.au', email: 'news@example.au' });
      expect(text, page.path).not.toMatch(/\{(siteName|domain|email)\}/);
    }
    expect(fillSettings(STANDARDS_PAGES.find((p) => p.path === '/ownership')!.markdown, { siteName: 'S', domain: 'technews.example.au', email: 'e' })).toContain('**technews.example.au**');
  });
});
