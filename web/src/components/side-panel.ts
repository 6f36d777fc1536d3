import styled from '@emotion/styled';
import { madeOnce } from '../theme/made-once';

/** An outlined sidebar block with an h4-sized heading (Trending Topics, More Headlines), styled once. */
export const SidePanel = styled('section')(
  madeOnce({
    p: 2.5,
    bgcolor: 'background.paper',
    color: 'text.primary',
    border: 1,
    borderColor: 'divider',
    borderRadius: 'var(--mui-shape-borderRadius)',
    '& > h2': { m: 0, mb: 1.5, typography: 'h4', display: 'flex', alignItems: 'center', gap: 1 },
  }),
);
