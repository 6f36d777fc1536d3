import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MAX_INGEST_FEEDS } from './config.js';

/** INGEST_FEEDS and INGEST_INTERVAL_MINUTES (decision 022): checked at boot, a bad value named. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('feed ingestion settings', () => {
  it('is off when INGEST_FEEDS is unset or empty', () => {
    expect(loadConfig({}).ingest).toBeNull();
    expect(loadConfig({ INGEST_FEEDS: '', INGEST_INTERVAL_MINUTES: '15' }).ingest).toBeNull();
  });

  it('reads comma-separated feeds, trimmed and once each, every INGEST_INTERVAL_MINUTES (default an hour)', () => {
    expect(loadConfig({ INGEST_FEEDS: ' https://news.example.com.au/feed.xml , https://outbackorbit.example/atom.xml,https://news.example.com.au/feed.xml' }).ingest).toEqual({
      feeds: ['https://news.example.com.au/feed.xml', 'https://outbackorbit.example/atom.xml'],
      intervalMs: 60 * 60_000,
    });
    expect(loadConfig({ INGEST_FEEDS: 'http://feeds.example.com.au/tech', INGEST_INTERVAL_MINUTES: '15' }).ingest?.intervalMs).toBe(15 * 60_000);
  });

  it('refuses feeds that are not http(s) URLs, carry credentials, or are too many', () => {
    expect(refusal({ INGEST_FEEDS: 'https://ok.example.com.au/feed,ftp://files.example.com.au/feed.xml' })).toContain(
      'INGEST_FEEDS must be comma-separated http:// or https:// feed URLs without credentials (not "ftp://files.example.com.au/feed.xml")',
    );
    expect(refusal({ INGEST_FEEDS: 'feeds.example.com.au/rss' })).toContain('(not "feeds.example.com.au/rss")');
    expect(refusal({ INGEST_FEEDS: 'https://user:pass@example.com.au/feed' })).toContain('INGEST_FEEDS must be');
    const many = Array.from({ length: MAX_INGEST_FEEDS + 1 }, (_, i) => `https://feed${i}.example.com.au/rss`).join(',');
    expect(refusal({ INGEST_FEEDS: many })).toContain(`INGEST_FEEDS must name at most ${MAX_INGEST_FEEDS} feeds`);
  });

  it('refuses an interval that is not a whole number of minutes from 1 to 1440', () => {
    expect(refusal({ INGEST_FEEDS: 'https://a.example.com.au/feed', INGEST_INTERVAL_MINUTES: '0' })).toContain('INGEST_INTERVAL_MINUTES must be at least 1');
    expect(refusal({ INGEST_INTERVAL_MINUTES: '1441' })).toContain('INGEST_INTERVAL_MINUTES must be at most 1440');
    expect(refusal({ INGEST_INTERVAL_MINUTES: 'hourly' })).toContain('INGEST_INTERVAL_MINUTES must be a whole number of minutes, from 1 to 1440');
    expect(refusal({ INGEST_INTERVAL_MINUTES: '2.5' })).toContain('INGEST_INTERVAL_MINUTES must be a whole number of minutes');
  });
});
