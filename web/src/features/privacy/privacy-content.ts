/**
 * What the site counts and stores, for how long and who sees it: the privacy page's content, kept
 * beside the code that does it (gateway/src/analytics, schema/src/modules/contact and analytics).
 */
export interface PrivacySection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    id: 'privacy-counted',
    title: 'What is counted',
    paragraphs: [
      'We count page views on our own server, without cookies, tracking scripts or any third party. For each day we keep how many times each page was viewed (its address without the query string, so search terms are never kept), the sites that linked to us (their host name only), the country of your preferred browser language, and how fast pages loaded for readers (Core Web Vitals).',
      'To count daily visitors, your IP address and browser name are turned into a one-way code with a key that changes every day and is deleted after the day ends; your IP address and browser name themselves are never written down. Once the key is gone, the code can no longer be tied to you or to your visits on other days.',
    ],
  },
  {
    id: 'privacy-stored',
    title: 'What is stored when you write to us',
    paragraphs: [
      'When you send the contact form or an offer for the domain, we store what you typed: your name, e-mail address, subject, message and inquiry type, and for an offer the amount, company, ABN and timeframe, with the time it arrived and its reference (INQ-…). We send the owner an e-mail notification of it.',
      'To stop abuse, your network address is counted against the limit of messages an hour; that count is held in memory and forgotten after the hour. A message key your browser sends to prevent duplicates is kept for 24 hours.',
    ],
  },
  {
    id: 'privacy-how-long',
    title: 'How long we keep it',
    paragraphs: [
      'Daily totals of page views, visitors, referring sites, countries and page speed are kept as the site’s history; they hold nothing about any one reader. Messages you send are kept while we deal with your inquiry and as a record of it; ask us and we delete yours.',
    ],
  },
  {
    id: 'privacy-who-sees-it',
    title: 'Who sees it',
    paragraphs: [
      'Your messages are read by the site’s owner only; editors cannot see them. The daily totals are shown to the owner and editors, and a summary of them goes into the domain report a prospective buyer can download. We do not sell or share your details with anyone, and the site loads no advertising or analytics from other companies.',
    ],
  },
];
