import { useQuery } from '@apollo/client/react';
import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type BreakingTickerQuery, BreakingTickerDocument } from '../graphql/graphql';
import { TICKER_SEPARATOR, tickerText } from '../lib/ticker-text';
import { brand } from '../theme/theme';

// The track holds two identical copies, so moving it by half its width loops seamlessly.
const marquee = keyframes`from { transform: translateX(0); } to { transform: translateX(-50%); }`;

/** Seconds for one loop: proportional to the text so the speed stays steady (~8 characters a second). */
export function tickerDurationSeconds(text: string): number {
  return Math.max(20, Math.round(text.length / 8));
}

type TickerItem = BreakingTickerQuery['breakingNews'][number];

/**
 * The headlines joined by bullets; one that links an article is a link to it. In the visual loop
 * copy (hidden from assistive technology) the links are taken out of the tab order.
 */
function Headlines({ items, hidden = false }: { items: readonly TickerItem[]; hidden?: boolean }) {
  return items.map((item, i) => (
    <Fragment key={item.id}>
      {i > 0 && TICKER_SEPARATOR}
      {item.article ? (
        <Box
          component={RouterLink}
          to={`/articles/${item.article.id}`}
          tabIndex={hidden ? -1 : undefined}
          sx={{ color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '0.2em', '&:hover': { textDecorationThickness: 2 } }}
        >
          {item.title}
        </Box>
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
    <Box
      component="section"
      aria-label="Breaking news"
      data-surface="dark"
      sx={{
        bgcolor: brand.navy,
        color: 'common.white',
        '&:hover .ticker-track, &:focus-within .ticker-track': { animationPlayState: 'paused' },
      }}
    >
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'stretch', minHeight: 40 }}>
        <Box
          component="span"
          sx={{
            px: 1.5,
            display: 'flex',
            alignItems: 'center',
            flexShrink: 0,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: '0.8rem',
            fontWeight: 800,
            letterSpacing: '0.08em',
          }}
        >
          BREAKING
        </Box>
        {/* Focusable so keyboard users can pause the marquee (and scroll it when motion is reduced). */}
        <Box
          tabIndex={0}
          role="marquee"
          aria-label="Breaking headlines"
          sx={{
            position: 'relative',
            flexGrow: 1,
            minWidth: 0,
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            '&:focus-visible': { outlineOffset: -3 },
            '@media (prefers-reduced-motion: reduce)': { overflowX: 'auto' },
          }}
        >
          <Box
            className="ticker-track"
            data-testid="ticker-track"
            sx={{
              display: 'flex',
              width: 'max-content',
              animation: `${marquee} ${tickerDurationSeconds(text)}s linear infinite`,
              willChange: 'transform',
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', transform: 'none' },
            }}
          >
            <Box component="p" sx={{ m: 0, pl: 2, pr: 6, whiteSpace: 'nowrap', fontSize: '0.9rem', fontWeight: 600 }}>
              <Headlines items={items} />
            </Box>
            {/* The visual loop copy: screen readers read the headlines once. */}
            <Box
              component="p"
              aria-hidden="true"
              data-testid="ticker-copy"
              sx={{
                m: 0,
                pl: 2,
                pr: 6,
                whiteSpace: 'nowrap',
                fontSize: '0.9rem',
                fontWeight: 600,
                '@media (prefers-reduced-motion: reduce)': { display: 'none' },
              }}
            >
              <Headlines items={items} hidden />
            </Box>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
