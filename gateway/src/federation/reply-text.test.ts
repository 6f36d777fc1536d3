import { describe, expect, it } from 'vitest';
import { MAX_REPLY_CHARS, replyText } from './site-federation.js';

describe('replyText', () => {
  it('keeps a reply as plain text: a mention is its name, markup and images go, entities are decoded', () => {
    const html = '<p><span class="h-card"><a href="https://news.example.au/ap/actors/news" class="u-url mention">@<span>news</span></a></span> Great <b>story</b> <img src="https://x.example/a.png" alt="pic"></p><p>Is 5 &lt; 6? <a href="https://example.com/more">More here</a></p>';
    expect(replyText(html)).toBe('@news Great story\n\nIs 5 < 6? More here');
  });

  it(`keeps at most ${MAX_REPLY_CHARS} characters`, () => {
    expect(replyText(`<p>${'a'.repeat(MAX_REPLY_CHARS + 500)}</p>`)).toHaveLength(MAX_REPLY_CHARS);
  });
});
