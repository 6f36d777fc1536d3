import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_FEED_ITEMS, parseFeed } from './feed-parser.js';
import { htmlToPlainText, truncateAtWord } from './html-text.js';
import { FeedParseError } from './ingest-errors.js';

/** RSS 2.0 and Atom to plain-text items: fields, entities, links, dates, and refusals by name. */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parseError(xml: string): FeedParseError {
  try {
    parseFeed(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return error as FeedParseError;
  }
  throw new Error('expected a FeedParseError');
}

describe('RSS 2.0', () => {
  const feed = parseFeed(fixture('southern-circuit.rss.xml'), 'https://www.southerncircuit.example/feed/');

  it('reads the channel and every item with its guid, link, author and date', () => {
    expect(feed).toMatchObject({ format: 'rss', title: 'Southern Circuit – Australian technology news', link: 'https://www.southerncircuit.example/', id: null });
    expect(feed.items.map((i) => [i.guid, i.link, i.author, i.published?.toISOString()])).toEqual([
      ['sc-2026-11-0412', 'https://www.southerncircuit.example/2026/11/riverina-council-ransomware/', 'Priya Raman', '2026-11-22T19:45:00.000Z'],
      ['sc-2026-11-0411', 'https://www.southerncircuit.example/2026/11/sydney-qubit-coherence/', 'Tom Hartley', '2026-11-22T04:10:00.000Z'],
      ['sc-2026-11-0410', 'https://www.southerncircuit.example/2026/11/paddock-to-port-tracking/', null, '2026-11-20T23:00:00.000Z'],
    ]);
    expect(feed.items[0].categories).toEqual(['Security']);
  });

  it('turns escaped and CDATA HTML into plain text with entities decoded and paragraphs kept', () => {
    const [first, second] = feed.items;
    expect(first.title).toBe('Ransomware crew hits Riverina council’s rates system');
    expect(first.summary).toBe('Ratepayers in the Riverina can’t pay online after attackers encrypted the council’s billing servers on the weekend.');
    // &nbsp; decodes to a no-break space, as it reads.
    expect(first.content).toContain('notified the Australian Signals Directorate & the state\u00a0police.');
    // Two paragraphs and a list, a blank line between blocks.
    expect(first.content.split('\n\n')).toHaveLength(3);
    expect(first.content).toContain('• Online payments are paused until Friday.');
    expect(first.content).not.toMatch(/<|&[a-z#0-9]+;/i);
    expect(second.summary).toMatch(/^Silicon spin qubits held their state for 2\.1\sms/);
  });
});

describe('Atom', () => {
  const feed = parseFeed(fixture('outback-orbit.atom.xml'), 'https://outbackorbit.example/atom.xml');

  it('reads entries: id as guid, alternate link resolved, html and xhtml content as text, author falling back to the feed', () => {
    expect(feed).toMatchObject({ format: 'atom', title: 'Outback Orbit', link: 'https://outbackorbit.example/', id: 'tag:outbackorbit.example,2026:feed' });
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      guid: 'tag:outbackorbit.example,2026:entry-88',
      link: 'https://outbackorbit.example/2026/11/whyalla-ground-station',
      title: 'Whyalla ground station signs its first overseas customer',
      summary: 'A Japanese earth-observation firm will downlink imagery through South Australia from March.',
      author: 'Mia Kowalski',
      categories: ['Ground stations'],
    });
    expect(first.published?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(first.content).toBe('The Whyalla site’s two 7.3\u00a0m dishes will track the firm’s satellites on polar passes.\n\nThe operator said the contract would fund a third antenna.');
    // No <published>: the <updated> date; no author of its own: the feed's.
    expect(second.published?.toISOString()).toBe('2026-11-19T21:30:00.000Z');
    expect(second.author).toBe('Outback Orbit newsroom');
    expect(second.content).toContain('Year 11 students from Port Lincoln built the payload.');
  });
});

describe('script-laden HTML', () => {
  const [item] = parseFeed(fixture('script-laden.rss.xml')).items;
  const all = [item.title, item.summary, item.content].join('\n');

  it('keeps no script, style, embed, event handler or javascript: URL, even escaped twice', () => {
    expect(all).not.toMatch(/<\s*\/?\s*[a-z]/i);
    expect(all).not.toMatch(/javascript:/i);
    expect(all).not.toMatch(/\bon(?:click|error|load|mouseover)\b/i);
    expect(all).not.toMatch(/alert|document\.cookie|display:none|svg text|evil\.example/);
  });

  it('keeps the readable text, entities decoded', () => {
    expect(item.title).toBe('Gold Coast start-up raises $4 million');
    expect(item.summary).toContain('The company’s colour-matching app is used by 300 paint shops.');
    expect(item.content).toContain('Founders Aroha Ngata & Lachlan Byrne said the raise would fund a Brisbane office.');
    expect(item.content).toContain('Escaped twice, still stripped.');
    expect(item.content).toContain('Prices in A$ > US$ – "quoted".');
  });
});

describe('refusals', () => {
  it('names malformed XML with its line', () => {
    expect(parseError(fixture('malformed.rss.xml')).message).toMatch(/^Malformed XML at line 8: .*title/);
  });

  it('names an HTML page, an empty document and another kind of XML', () => {
    expect(parseError('<!DOCTYPE html><html><head><title>Home</title></head><body><p>Hi<br></body></html>').message).toBe('Not a feed: the document is an HTML page');
    expect(parseError('  ').message).toBe('Not a feed: the document is empty');
    expect(parseError('{"items": []}').message).toBe('Not a feed: the document is not XML');
    expect(parseError('<?xml version="1.0"?><urlset><url><loc>https://a.example/</loc></url></urlset>').message).toBe(
      "Not an RSS 2.0 or Atom feed: the document's root element is <urlset>",
    );
    expect(parseError('<rss version="2.0"><title>No channel</title></rss>').message).toBe('Not a feed: the RSS document has no <channel>');
  });
});

describe('limits', () => {
  it(`reads at most ${MAX_FEED_ITEMS} items`, () => {
    const items = Array.from({ length: MAX_FEED_ITEMS + 5 }, (_, i) => `<item><title>Story ${i}</title><guid>g-${i}</guid></item>`).join('');
    expect(parseFeed(`<rss version="2.0"><channel><title>Many</title>${items}</channel></rss>`).items).toHaveLength(MAX_FEED_ITEMS);
  });

  it('keeps a numeric guid as text', () => {
    const [item] = parseFeed('<rss version="2.0"><channel><title>N</title><item><title>2026</title><guid isPermaLink="false">00123</guid></item></channel></rss>').items;
    expect(item).toMatchObject({ guid: '00123', title: '2026', link: null });
  });

  it('truncates at a word boundary with an ellipsis', () => {
    expect(truncateAtWord('Telcos agree to share towers across the Nullarbor corridor', 30)).toBe('Telcos agree to share towers…');
    expect(truncateAtWord('Short enough', 30)).toBe('Short enough');
  });
});

describe('markup without a space after the tag name', () => {
  const hostile = '<img/src=x/onerror=alert(1)>';
  const escaped = hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('is removed from an Atom text construct', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry><id>e1</id><title type="text">${escaped}Headline</title><summary type="text">Before ${escaped} after</summary></entry></feed>`;
    const [entry] = parseFeed(atom).items;
    expect(entry.title).toBe('Headline');
    expect(entry.summary).toBe('Before after');
  });

  it('is removed from RSS text escaped once, twice or three times', () => {
    const twice = escaped.replace(/&/g, '&amp;');
    const thrice = twice.replace(/&/g, '&amp;');
    const rss = `<rss version="2.0"><channel><title>F</title><item><title>${escaped}Title</title><description>${twice} one ${thrice} two &lt;svg/onload=alert(2)&gt;three</description></item></channel></rss>`;
    const [item] = parseFeed(rss).items;
    expect(item.title).toBe('Title');
    expect(item.summary).not.toMatch(/[<>]|onerror|onload|alert/);
    // An svg is dropped with all it holds, here the rest of the text.
    expect(item.summary).toBe('one two');
  });

  it('keeps comparisons that are not markup', () => {
    expect(htmlToPlainText('Prices in A$ &gt; US$ and 1 &lt; 2')).toBe('Prices in A$ > US$ and 1 < 2');
  });
});
