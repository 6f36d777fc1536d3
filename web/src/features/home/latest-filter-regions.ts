/**
 * How the home page marks what a Filter choice changes, shared by the server render
 * (home-page.tsx, latest-filter.tsx) and the code that shows a choice in place
 * (latest-filter-swap.ts). No imports: the browser's chunk stays a few hundred bytes.
 */

/** Where a chip lands without script: the Latest section (the filtered stories are a screen or more down). */
export const LATEST_SECTION_ID = 'latest';

/** On each part a choice replaces: its value names the same part in the page fetched for the choice. */
export const SWAP_ATTRIBUTE = 'data-latest-swap';

/** The parts: the status line (a live region, announced), the Latest grid, More Headlines in the sidebar. */
export const SWAP_REGIONS = { status: 'status', grid: 'grid', more: 'more' } as const;

/** On the chips' panel, in the page and in a fetched page alike. */
export const CHIPS_ATTRIBUTE = 'data-latest-chips';
