import { parse } from 'tldts';

/**
 * What a request says about its reader's audience segment, without keeping anything personal:
 * the country (a region in Accept-Language, or a browser time zone), and the host of an external
 * referrer. Nothing here reads an IP address.
 */

/** The country of views whose reader gave no region. */
export const UNKNOWN_COUNTRY = 'unknown';

const REGION = /^[A-Z]{2}$/;
const MAX_ACCEPT_LANGUAGE = 500;

/**
 * The region of the reader's most preferred language that names one: `en-AU,en;q=0.9` -> AU,
 * `zh-Hant-TW` -> TW. Null when no tag has a two-letter region (`en`, `*`, `es-419`).
 */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  if (!header || header.length > MAX_ACCEPT_LANGUAGE) return null;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.q > 0 && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    // Subtags after the language: an optional four-letter script, then the region.
    const region = tag.split('-').slice(1).find((subtag) => subtag.length === 2);
    if (region && REGION.test(region.toUpperCase())) return region.toUpperCase();
  }
  return null;
}

/** IANA time zones of the site's own audience and a few more, with the country each belongs to. */
const ZONE_COUNTRIES: Readonly<Record<string, string>> = {
  'Antarctica/Macquarie': 'AU',
  'Pacific/Auckland': 'NZ',
  'Pacific/Chatham': 'NZ',
  NZ: 'NZ',
  'NZ-CHAT': 'NZ',
  'Pacific/Norfolk': 'NF',
  'Pacific/Port_Moresby': 'PG',
  'Pacific/Fiji': 'FJ',
  'Asia/Singapore': 'SG',
  'Asia/Jakarta': 'ID',
  'Asia/Tokyo': 'JP',
  'Asia/Kolkata': 'IN',
  'Asia/Hong_Kong': 'HK',
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
};

/** The country of a browser's time zone (`Australia/Perth` -> AU), for the zones known here; else null. */
export function countryFromTimeZone(zone: string | undefined): string | null {
  if (!zone) return null;
  // Every Australia/* zone (Sydney, Lord_Howe, Eucla, the old state aliases) is Australian.
  if (/^Australia\/[A-Za-z_]{2,30}$/.test(zone)) return 'AU';
  return ZONE_COUNTRIES[zone] ?? null;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Labels above the registrable domain a referrer may have (`news.google.com` has one). */
export const MAX_REFERRER_SUBDOMAIN_LABELS = 3;
/** The registrable label's longest accepted length: real sites' names are short enough to type. */
export const MAX_REFERRER_NAME_LENGTH = 30;
/** A label with this many digits among letters reads as generated (`a8f3k2j9`), not as a name. */
const GENERATED_LABEL = /^(?=(?:[^0-9]*[0-9]){4})(?=.*[a-z])/;

/**
 * Whether a host looks like a real public site: a registrable domain under a suffix of the public
 * suffix list's ICANN section (no IP, no `localhost`, `.local` or made-up suffix), a name of at most
 * 30 characters, at most three labels above it, and no label that mixes four or more digits into letters.
 */
export function isPlausibleReferrerHost(host: string): boolean {
  const parsed = parse(host, { allowPrivateDomains: false });
  if (parsed.isIp || !parsed.isIcann || !parsed.domain || !parsed.domainWithoutSuffix) return false;
  if (parsed.domainWithoutSuffix.length > MAX_REFERRER_NAME_LENGTH) return false;
  const sub = parsed.subdomain ? parsed.subdomain.split('.') : [];
  if (sub.length > MAX_REFERRER_SUBDOMAIN_LABELS) return false;
  return ![...sub, parsed.domainWithoutSuffix].some((label) => GENERATED_LABEL.test(label));
}

/**
 * The host of an external http(s) referrer, without `www.` and the port; null for none, for
 * another scheme, for a malformed or implausible one (isPlausibleReferrerHost), and for the site's
 * own hosts (a reader moving between pages).
 */
export function referrerHost(referer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referer || referer.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const own = ownHosts.map((h) => h.toLowerCase().replace(/^www\./, ''));
  const bare = host.replace(/^www\./, '');
  if (!HOST_NAME.test(bare) || own.includes(bare) || !isPlausibleReferrerHost(bare)) return null;
  return bare;
}
