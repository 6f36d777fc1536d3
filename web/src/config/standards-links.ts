/**
 * The paths of the pages that say how the site works, defined once: the standards pages, the
 * footer, the about page, the organisation's JSON-LD and the sitemap read them from here.
 */
export const EDITORIAL_STANDARDS_PATH = '/editorial-standards';
export const CORRECTIONS_POLICY_PATH = '/corrections-policy';
export const OWNERSHIP_PATH = '/ownership';
export const AI_POLICY_PATH = '/ai-policy';
export const MASTHEAD_PATH = '/masthead';
export const CORRECTIONS_PATH = '/corrections';
export const AUTHORS_PATH = '/authors';

/** The footer's and the about page's links, in reading order. */
export const STANDARDS_LINKS: readonly { path: string; label: string }[] = [
  { path: EDITORIAL_STANDARDS_PATH, label: 'Editorial standards' },
  { path: CORRECTIONS_POLICY_PATH, label: 'Corrections policy' },
  { path: CORRECTIONS_PATH, label: 'Corrections' },
  { path: AI_POLICY_PATH, label: 'How we use AI' },
  { path: OWNERSHIP_PATH, label: 'Ownership and funding' },
  { path: MASTHEAD_PATH, label: 'Masthead' },
  { path: AUTHORS_PATH, label: 'Our authors' },
];
