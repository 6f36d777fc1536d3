import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('content-use signals and the WebSub hub', () => {
  it('has no signals and no hub unless set', () => {
    expect(loadConfig({})).toMatchObject({ contentSignals: null, websubHubUrl: null });
  });

  it('reads the signals in any case and spacing, written once as robots.txt spells them', () => {
    expect(loadConfig({ ROBOTS_CONTENT_SIGNALS: ' Search = yes,ai-input=YES , ai-train=no' }).contentSignals).toBe('search=yes, ai-input=yes, ai-train=no');
  });

  it.each(['ai-train=maybe', 'crawl=yes', 'search=yes,search=no', 'search', ','])('refuses ROBOTS_CONTENT_SIGNALS=%j, naming the rule', (value) => {
    expect(refusal({ ROBOTS_CONTENT_SIGNALS: value })).toContain('ROBOTS_CONTENT_SIGNALS must be comma-separated search, ai-input or ai-train');
  });

  it('takes an http(s) hub and refuses anything else', () => {
    expect(loadConfig({ WEBSUB_HUB_URL: 'https://hub.example.com/' }).websubHubUrl).toBe('https://hub.example.com/');
    expect(refusal({ WEBSUB_HUB_URL: 'ftp://hub.example.com/' })).toContain('WEBSUB_HUB_URL must be an absolute http(s) URL');
  });
});

describe('the ActivityPub loopback setting', () => {
  it('is off by default and refused in production at a public address', () => {
    expect(loadConfig({}).activityPub.allowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ACTIVITYPUB_ALLOW_LOOPBACK: 'true' }).activityPub.allowLoopback).toBe(true);
    expect(refusal({ NODE_ENV: 'production', SITE_URL: 'https://technews.example.au', ACTIVITYPUB_ALLOW_LOOPBACK: 'true' })).toContain('ACTIVITYPUB_ALLOW_LOOPBACK: only for tests');
  });

  it('is taken by a production build whose own SITE_URL is a loopback address (the browser tests\' server)', () => {
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'http://127.0.0.1:4173', ACTIVITYPUB_ALLOW_LOOPBACK: 'true' }).activityPub.allowLoopback).toBe(true);
  });
});

describe('the digests\' clock file', () => {
  it('is unset by default, taken by a test or a loopback production build, refused at a public address', () => {
    expect(loadConfig({}).newsletter.clockFile).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'http://127.0.0.1:4173', NEWSLETTER_CLOCK_FILE: '/tmp/clock' }).newsletter.clockFile).toBe('/tmp/clock');
    expect(refusal({ NODE_ENV: 'production', SITE_URL: 'https://technews.example.au', NEWSLETTER_CLOCK_FILE: '/tmp/clock' })).toContain('NEWSLETTER_CLOCK_FILE: only for tests');
  });
});

describe('blocked fediverse servers', () => {
  it('reads domain names once each in lower case, and refuses anything else', () => {
    expect(loadConfig({ ACTIVITYPUB_BLOCKED_SERVERS: 'Spam.example., spam.example,bad.example' }).activityPub.blockedServers).toEqual(['spam.example', 'bad.example']);
    expect(loadConfig({}).activityPub.blockedServers).toEqual([]);
    expect(refusal({ ACTIVITYPUB_BLOCKED_SERVERS: 'https://spam.example/' })).toContain('ACTIVITYPUB_BLOCKED_SERVERS must be comma-separated domain names');
  });
});
