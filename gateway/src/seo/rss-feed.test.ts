import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const HOSTILE_TITLE = 'Breach <img src=x onerror=alert(1)> ]]> & "quotes"';
const HOSTILE_EXCERPT = 'Excerpt ]]><script>alert(2)</script> <b>bold</b> AT&T';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_TTL_SECONDS: '0' });
  const connection = t.db.orm.em.fork().getConnection();
  const [latest] = await connection.execute<{ id: string }[]>('select id::text from article order by published_at desc limit 1');
  await connection.execute('update article set title = ?, excerpt = ? where id = ?', [HOSTILE_TITLE, HOSTILE_EXCERPT, Number(latest.id)]);
});
afterAll(async () => {
  await t.close();
});

/** What a reader rendering the text as HTML does with the entities the feed writes. */
const HTML_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => HTML_ENTITIES[e]);

type Item = { title: string; description: string };
const parser = new XMLParser({ parseTagValue: false, processEntities: true, htmlEntities: false });

async function items(path: string): Promise<{ xml: string; items: Item[] }> {
  const res = await request(t.app).get(path).expect(200).expect('Content-Type', /rss\+xml/);
  expect(XMLValidator.validate(res.text)).toBe(true);
  const parsed = parser.parse(res.text) as { rss: { channel: { item: Item[] } } };
  return { xml: res.text, items: parsed.rss.channel.item };
}

describe('RSS feeds write headlines and excerpts as text', () => {
  it('has no CDATA section and no raw markup from a headline or excerpt', async () => {
    const { xml } = await items('/rss.xml');
    expect(xml).not.toContain('<![CDATA[');
    expect(xml).not.toMatch(/<img|<script|<b>|onerror=alert\(1\)>/);
  });

  it('gives a feed reader the headline and excerpt as the characters, never as tags', async () => {
    const { items: list } = await items('/rss.xml');
    const item = list.find((i) => String(i.title).startsWith('Breach'));
    expect(item).toBeDefined();
    // After XML decoding a reader that treats the text as HTML decodes it once more: it shows the characters.
    expect(decode(String(item!.description))).toBe(HOSTILE_EXCERPT);
    expect(decode(String(item!.title))).toBe(HOSTILE_TITLE);
    // No tag survives XML decoding in either field, so a reader that renders them as HTML draws no element.
    expect(String(item!.title)).not.toMatch(/<[a-z/]/i);
    expect(String(item!.description)).not.toMatch(/<[a-z/]/i);
  });

  it('escapes the same way in a category feed', async () => {
    const connection = t.db.orm.em.fork().getConnection();
    const [row] = await connection.execute<{ slug: string }[]>(
      'select c.slug from article a join category c on c.id = a.category_id where a.title = ? limit 1',
      [HOSTILE_TITLE],
    );
    const { xml, items: list } = await items(`/categories/${row.slug}/rss.xml`);
    expect(xml).not.toContain('<![CDATA[');
    expect(list.some((i) => decode(String(i.title)) === HOSTILE_TITLE)).toBe(true);
  });
});
