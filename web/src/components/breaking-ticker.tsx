import { useQuery } from '@apollo/client/react';
import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type BreakingTickerQuery, BreakingTickerDocument } from '../graphql/graphql';
import { TICKER_SEPARATOR, tickerText } from '../lib/ticker-text';
import { madeOnce } from '../theme/made-once';
import { brand } from '../theme/theme';
import { PageContainer } from './page-container';

// The track holds two identical copies, so moving it by half its width loops seamlessly.
const marquee = keyframes`from { transform: translateX(0); } to { transform: translateX(-50%); }`;

/** Seconds for one loop: proportional to the text so the speed stays steady (~8 characters a second). */
export function tickerDurationSeconds(text: string): number {
  return Math.max(20, Math.round(text.length / 8));
}

type TickerItem = BreakingTickerQuery['breakingNews'][number];

// Above the header on home: styled once (theme/made-once.ts); the loop's duration, which depends on
// the text, is the track's own style.
const Ticker = styled('section')(
  madeOnce({
    bgcolor: brand.navy,
    color: 'common.white',
    '&:hover .ticker-track, &:focus-within .ticker-track': { animationPlayState: 'paused' },
    '& > div': { display: 'flex', alignItems: 'stretch', minHeight: 40 },
  }),
);
const Label = styled('span')(
  madeOnce({
    px: 1.5,
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    bgcolor: 'secondary.main',
    color: 'secondary.contrastText',
    fontSize: '0.8rem',
    fontWeight: 800,
    letterSpacing: '0.08em',
  }),
);
const Marquee = styled('div')(
  madeOnce({
    position: 'relative',
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    // Inside its own box: the page edge above and the header below would hide a ring drawn outside it.
    // `html:root` outranks the site-wide ring's offset (theme.ts); a selector starting with `:` would attach to this element.
    'html:root &:focus-visible': { outlineOffset: -3 },
    '@media (prefers-reduced-motion: reduce)': { overflowX: 'auto' },
  }),
);
const Track = styled('div')(
  madeOnce({
    display: 'flex',
    width: 'max-content',
    animation: `${marquee} 20s linear infinite`,
    willChange: 'transform',
    '@media (prefers-reduced-motion: reduce)': { animation: 'none', transform: 'none' },
    '& > p': { m: 0, pl: 2, pr: 6, whiteSpace: 'nowrap', fontSize: '0.9rem', fontWeight: 600 },
    // The visual loop copy: screen readers read the headlines once.
    '& > p[aria-hidden="true"]': { '@media (prefers-reduced-motion: reduce)': { display: 'none' } },
    '& a': { color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '0.2em' },
    '& a:hover': { textDecorationThickness: 2 },
  }),
);

/**
 * The headlines joined by bullets; one that links an article is a link to it. In the visual loop
 * copy (hidden from assistive technology) the links are taken out of the tab order.
 */
function Headlines({ items, hidden = false }: { items: readonly TickerItem[]; hidden?: boolean }) {
  return items.map((item, i) => (
    <Fragment key={item.id}>
      {i > 0 && TICKER_SEPARATOR}
      {item.article ? (
        <RouterLink to={`/articles/${item.article.id}`} tabIndex={hidden ? -1 : undefined}>
          {item.title}
        </RouterLink>
      ) : (
        item.title
      )}
    </Fragment>
  ));
}

export const breakingTickerQuery = { query: BreakingTickerDocument };

/** 'BREAKING' and the ticker headlines in a marquee, linked to their articles; nothing when there are none. */
export function BreakingTicker() {
  const { data } = useQuery(breakingTickerQuery.query);
  const items = data?.breakingNews ?? [];
  if (items.length === 0) return null;
  const text = tickerText(items);

  return (
    <Ticker aria-label="Breaking news" data-surface="dark">
      <PageContainer>
        <Label>BREAKING</Label>
        {/* Focusable so keyboard users can pause the marquee (and scroll it when motion is reduced). */}
        <Marquee tabIndex={0} role="marquee" aria-label="Breaking headlines">
          <Track className="ticker-track" data-testid="ticker-track" style={{ animationDuration: `${tickerDurationSeconds(text)}s` }}>
            <p>
              <Headlines items={items} />
            </p>
            <p aria-hidden="true" data-testid="ticker-copy">
              <Headlines items={items} hidden />
            </p>
          </Track>
        </Marquee>
      </PageContainer>
    </Ticker>
  );
}
