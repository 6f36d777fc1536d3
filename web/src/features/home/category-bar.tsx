import styled from '@emotion/styled';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { ChipLink } from '../../components/chip-link';
import { NamedIcon } from '../../components/named-icon';
import { Island } from '../../islands/island';
import { madeOnce } from '../../theme/made-once';

export { arrowVisibility, CATEGORY_SCROLL_STEP_PX, type ScrollMetrics } from './category-scroll';

export interface CategoryBarCategory {
  id: string;
  name: string;
  slug: string;
  icon: string;
}

const Bar = styled('nav')(madeOnce({ position: 'relative', my: { xs: 2, md: 3 } }));
const Scroller = styled('ul')(
  madeOnce({
    display: 'flex',
    gap: 1,
    listStyle: 'none',
    m: 0,
    px: 0,
    py: 0.5,
    overflowX: 'auto',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
    // Keep the first and last chips clear of the arrows when scrolled to an edge.
    scrollPaddingInline: 40,
    '& > li': { flexShrink: 0 },
  }),
);
/** MUI's small IconButton, raised over the chips at either end. */
const Arrow = styled('button')(
  madeOnce({
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    zIndex: 1,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: '5px',
    m: 0,
    border: 0,
    borderRadius: '50%',
    cursor: 'pointer',
    bgcolor: 'background.paper',
    color: 'action.active',
    boxShadow: 2,
    '&:hover': { color: 'primary.main' },
    '&[hidden]': { display: 'none' },
    '&[data-arrow="left"]': { left: 0 },
    '&[data-arrow="right"]': { right: 0 },
  }),
);

/**
 * A horizontally scrollable row of category links with arrows that appear when there is more to
 * see. The markup is server-rendered with both arrows hidden; its island measures and shows them.
 */
export function CategoryBar({ categories }: { categories: readonly CategoryBarCategory[] }) {
  return (
    <Island name="category-bar" when="load">
      <Bar aria-label="Browse categories">
        <Arrow type="button" aria-label="Scroll categories left" data-arrow="left" hidden>
          <ChevronLeftIcon aria-hidden="true" />
        </Arrow>
        <Scroller data-testid="category-scroller">
          {categories.map((category) => (
            <li key={category.id}>
              <ChipLink to={`/categories/${category.slug}`} size="medium" raised icon={<NamedIcon name={category.icon} fontSize="small" />} label={category.name} />
            </li>
          ))}
        </Scroller>
        <Arrow type="button" aria-label="Scroll categories right" data-arrow="right" hidden>
          <ChevronRightIcon aria-hidden="true" />
        </Arrow>
      </Bar>
    </Island>
  );
}
