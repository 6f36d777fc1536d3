import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../../lib/errors.js';
import { addDays, analyticsDay } from './analytics-day.js';
import { countryFromAcceptLanguage, countryFromTimeZone, isPlausibleReferrerHost, referrerHost } from './audience.js';
import { countedPage } from './page-templates.js';
import { parseVitalsReport, VITAL_MAX } from './web-vitals.js';

describe('what a request says about its audience', () => {
  it('takes the country from the most preferred language that names a region', () => {
    expect(countryFromAcceptLanguage('en-AU,en;q=0.9')).toBe('AU');
    expect(countryFromAcceptLanguage('en;q=0.8, en-NZ;q=0.9')).toBe('NZ');
    expect(countryFromAcceptLanguage('zh-Hant-TW')).toBe('TW');
    expect(countryFromAcceptLanguage('en, fr')).toBeNull();
    expect(countryFromAcceptLanguage('es-419')).toBeNull();
    expect(countryFromAcceptLanguage('en-AU;q=0')).toBeNull();
    expect(countryFromAcceptLanguage(undefined)).toBeNull();
    expect(countryFromAcceptLanguage(`en-AU,${'x'.repeat(600)}`)).toBeNull();
  });

  it('maps Australian and New Zealand time zones to their country, and unknown zones to none', () => {
    for (const zone of ['Australia/Sydney', 'Australia/Perth', 'Australia/Lord_Howe', 'Australia/Eucla', 'Antarctica/Macquarie']) expect(countryFromTimeZone(zone)).toBe('AU');
    for (const zone of ['Pacific/Auckland', 'Pacific/Chatham']) expect(countryFromTimeZone(zone)).toBe('NZ');
    expect(countryFromTimeZone('America/Argentina/Buenos_Aires')).toBeNull();
    expect(countryFromTimeZone(undefined)).toBeNull();
  });

  it("keeps only an external referrer's host, without www., and none for the site itself", () => {
    const own = ['news.example.au'];
    expect(referrerHost('https://www.google.com/search?q=secret+words', own)).toBe('google.com');
    expect(referrerHost('https://news.ycombinator.com:443/item?id=1', own)).toBe('news.ycombinator.com');
    expect(referrerHost('https://news.example.au/articles/3', own)).toBeNull();
    expect(referrerHost('https://www.news.example.au/', own)).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm/', own)).toBeNull();
    expect(referrerHost('not a url', own)).toBeNull();
    expect(referrerHost(undefined, own)).toBeNull();
  });

  it('knows the reader pages by their URL shapes and nothing else', () => {
    expect(countedPage('/')).toEqual({ path: '/', template: 'home', articleId: null });
    expect(countedPage('/Articles/42/')).toEqual({ path: '/articles/42', template: 'article', articleId: 42 });
    expect(countedPage('/categories/space-economy')).toEqual({ path: '/categories/space-economy', template: 'category', articleId: null });
    expect(countedPage('/search')?.template).toBe('search');
    for (const path of ['/newsroom', '/newsroom/analytics', '/api/articles', '/rss.xml', '/offline', '/articles/0', '/articles/99999999999', '/graphiql', '/assets/boot.js']) expect(countedPage(path), path).toBeNull();
  });

  it("dates traffic by the site's day in Sydney", () => {
    expect(analyticsDay(new Date('2026-11-22T13:30:00Z'))).toBe('2026-11-23');
    expect(analyticsDay(new Date('2026-11-22T12:30:00Z'))).toBe('2026-11-22');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads a Web Vitals report, naming each field at fault', () => {
    expect(parseVitalsReport({ path: '/', tz: 'Australia/Hobart', metrics: [{ name: 'INP', value: 96 }] }).metrics).toEqual([{ name: 'INP', value: 96 }]);
    expect(() => parseVitalsReport({ path: '/', metrics: [{ name: 'LCP', value: Number.POSITIVE_INFINITY }] })).toThrow(/metrics\.0\.value/);
    expect(() => parseVitalsReport({ path: '/', metrics: Array.from({ length: 21 }, () => ({ name: 'CLS', value: 0 })) })).toThrow(/metrics/);
    expect(() => parseVitalsReport({ path: '/', metrics: [{ name: 'CLS', value: 101 }] })).toThrow(/metrics\.0\.value/);
  });

  it('refuses vitals a real page cannot produce: timings over a minute, a layout shift over 10', () => {
    expect(VITAL_MAX).toEqual({ LCP: 60_000, INP: 60_000, CLS: 10, FCP: 60_000, TTFB: 60_000 });
    expect(parseVitalsReport({ path: '/', metrics: [{ name: 'LCP', value: 60_000 }, { name: 'CLS', value: 10 }] }).metrics).toHaveLength(2);
    const problems = (report: unknown) => {
      try {
        parseVitalsReport(report);
      } catch (error) {
        return (error as ValidationError).fields;
      }
      return 'accepted';
    };
    expect(problems({ path: '/', metrics: [{ name: 'LCP', value: 599_999 }] })).toEqual([{ field: 'metrics.0.value', message: 'value of LCP must be at most 60000' }]);
    expect(problems({ path: '/', metrics: [{ name: 'INP', value: 1 }, { name: 'CLS', value: 10.5 }] })).toEqual([{ field: 'metrics.1.value', message: 'value of CLS must be at most 10' }]);
  });

  it('keeps referrers from plausible public hosts only', () => {
    for (const host of ['google.com', 'news.google.com', 't.co', 'bit.ly', 'm.facebook.com', 'abc.net.au', '9to5mac.com', 'sub.github.io'])
      expect(isPlausibleReferrerHost(host), host).toBe(true);
    for (const host of ['a8f3k2j9.com', 'x1y2z3w4.net.au', 'localhost', 'printer.local', 'foo.invalid', 'made.up-suffix', 'a.b.c.d.example.com', 'thisisaverylongmadeupnameforspam.com', 'host.zz'])
      expect(isPlausibleReferrerHost(host), host).toBe(false);
    expect(referrerHost('https://q7k2m9x4.com/', [])).toBeNull();
    expect(referrerHost('http://10.0.0.1/', [])).toBeNull();
  });
});
