import { useId } from 'react';
import styled from '@emotion/styled';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { MostReadPanelDocument } from '../graphql/graphql';
import { madeOnce } from '../theme/made-once';
import { CaptionLine } from './caption-line';
import { SidePanel } from './side-panel';

/** Stories listed under Most read. */
export const MOST_READ_COUNT = 5;

const Ranked = styled('ol')(
  madeOnce({
    m: 0,
    pl: 3,
    '& > li': { py: 1, borderTop: 1, borderColor: 'divider' },
    '& > li:first-of-type': { borderTop: 0, pt: 0 },
  }),
);
const StoryLink = styled(RouterLink)(madeOnce({ color: 'text.primary', fontWeight: 600, textDecoration: 'none', '&:hover': { color: 'primary.main' } }));

/** The panel's query: the page that shows it reads it before rendering, so the page renders once. */
export const mostReadPanelQuery = { query: MostReadPanelDocument, variables: { period: 'DAY' as const, first: MOST_READ_COUNT } };

/** What readers opened most in the last 24 hours, from the site's own page-view counts; nothing while there are none. */
export function MostReadPanel() {
  const headingId = useId();
  const { data } = useQuery(mostReadPanelQuery.query, { variables: mostReadPanelQuery.variables });
  const articles = data?.mostRead ?? [];
  if (!articles.length) return null;
  return (
    <SidePanel aria-labelledby={headingId}>
      <h2 id={headingId}>Most read</h2>
      <Ranked>
        {articles.map((article) => (
          <li key={article.id}>
            <StoryLink to={`/articles/${article.id}`}>{article.title}</StoryLink>
            <CaptionLine>{article.category.name}</CaptionLine>
          </li>
        ))}
      </Ranked>
    </SidePanel>
  );
}
