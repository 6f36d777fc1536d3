import { AI_POLICY_PATH, CORRECTIONS_POLICY_PATH, EDITORIAL_STANDARDS_PATH, OWNERSHIP_PATH } from '../../config/standards-links';

export { MASTHEAD_PATH } from '../../config/standards-links';

/**
 * A standards page: its path (config/standards-links.ts), title and the Markdown it renders.
 * `{siteName}`, `{domain}` and `{email}` are filled from the site settings.
 */
export interface StandardsPage {
  path: string;
  title: string;
  description: string;
  /** Trusted, the site's own text; rendered without raw HTML all the same. */
  markdown: string;
}

export const STANDARDS_PAGES: readonly StandardsPage[] = [
  {
    path: EDITORIAL_STANDARDS_PATH,
    title: 'Editorial Standards',
    description: 'How {siteName} reports: accuracy, independence, fairness, sources and the line between news, analysis, opinion and sponsored content.',
    markdown: `{siteName} reports on the technologies shaping Australia for readers who make decisions with what they read: investors, founders, engineers and public servants. These standards say what those readers can expect of every story.

## Accuracy

- We check facts before we publish, and we name our sources wherever we can.
- Figures are taken from the primary document (an annual report, an ASX announcement, a court filing or a government release) rather than from another outlet's summary.
- When a company or person is criticised, we ask them for a response before publication and report it fairly.

## Independence

- Editorial decisions are made by our editors alone. Advertisers, partners and the site's owner do not see stories before publication and cannot change them.
- Reporters do not write about companies in which they hold shares, and they declare gifts, travel and hospitality to the editor.

## Labels you can rely on

Every article carries a label. **News** reports what happened. **Analysis** explains why it matters and draws on the reporter's expertise. **Opinion** argues a point of view and is clearly marked. **Explainer** sets out the background to a subject. **Sponsored** content is paid for by a partner, is named as such with the partner's name, and is never written by our newsroom.

## Sources

We protect confidential sources. We use anonymous sources only when the information is important, cannot be obtained on the record, and the source's reliability has been checked by an editor.

## Bylines

Every story names the person who wrote it, and every byline links to a page about them: their role, what they cover and everything they have written for us.

## Feedback

Write to {email} about any story. If we got something wrong, our [corrections policy](/corrections-policy) explains what happens next.`,
  },
  {
    path: CORRECTIONS_POLICY_PATH,
    title: 'Corrections Policy',
    description: 'How {siteName} corrects mistakes: promptly, openly and on the story itself.',
    markdown: `We make mistakes, and when we do we correct them openly.

## How to report an error

Email {email} with the article's address and what you believe is wrong. An editor reads every report, usually within one business day.

## What we do

- **Corrections** fix a factual error: a wrong figure, name, date or quote.
- **Clarifications** add context a reader needed to understand a story correctly, where nothing stated was wrong.
- Each correction or clarification appears at the top of the article, with its date, for example: "Correction, 28 November 2026: An earlier version of this story gave the funding round as $38 million. It was $28 million."
- We never quietly change a fact. Every earlier correction stays on the article, and the article's "last updated" time moves.
- Every correction is listed, newest first, on our [corrections page](/corrections), which has its own RSS feed.

## What we do not change

Spelling and grammar fixes that do not change a story's meaning are made without a notice. We do not remove published articles because someone would prefer they were not published; we consider legal and safety requests case by case.`,
  },
  {
    path: OWNERSHIP_PATH,
    title: 'Ownership and Funding',
    description: 'Who owns and funds {siteName}, and that its domain is for sale.',
    markdown: `Readers deserve to know who is behind the news they read.

## Who owns the site

{siteName} is independently owned and operated in Australia. It is not part of a media group and receives no government funding.

## How it is funded

The site is funded by advertising and by clearly labelled sponsored content from partners. Partners pay for placement; they never pay for news coverage, and sponsored articles are always labelled **Sponsored** with the partner's name.

## The domain is for sale

The owner has put the domain **{domain}**, together with the site and its content, up for sale. We say so plainly because a change of owner could change the site. If it is sold, this page will name the new owner, and our [editorial standards](/editorial-standards) will stay in force until any change is announced here. Details of the sale are on the [domain page](/domain).

## Contact

Questions about ownership or funding: {email}.`,
  },
  {
    path: AI_POLICY_PATH,
    title: 'How We Use AI',
    description: 'Where {siteName} uses artificial intelligence and where it never does.',
    markdown: `We write about artificial intelligence every day, and we hold our own use of it to the standards we apply to others.

## What AI does not do here

- AI does not write our articles. Every story is reported and written by the journalist in its byline and checked by an editor.
- We do not publish AI-generated photographs of real people or events.
- We do not use AI to invent quotes, sources or figures.

## Where we may use AI tools

- Transcribing recorded interviews, which the reporter then checks against the recording.
- Helping search large documents, such as budget papers or court filings, for passages a reporter then reads in full.
- Drawing the abstract cover art on some stories, which is generated by the site from a story's category and never depicts real people.

## Accountability

A person is responsible for everything we publish. If AI tools contribute to a story in a way readers should know about, the story will say so. Questions: {email}.`,
  },
];

/** The masthead's introduction; the people follow, by role, from the authors. */
export const MASTHEAD_INTRO = `These are the people who report, write and edit {siteName}. Every byline on the site links to its author's page. To reach the newsroom, write to {email}.`;

/** The site's settings in a page's text. */
export function fillSettings(text: string, settings: { siteName: string; domain: string; email: string }): string {
  return text.replace(/\{siteName\}/g, settings.siteName).replace(/\{domain\}/g, settings.domain).replace(/\{email\}/g, settings.email);
}
