import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router-dom';
import { NamedIcon } from '../../components/named-icon';
import { Island } from '../../islands/island';

export { arrowVisibility, CATEGORY_SCROLL_STEP_PX, type ScrollMetrics } from './category-scroll';

export interface CategoryBarCategory {
  id: string;
  name: string;
  slug: string;
  icon: string;
}

/**
 * A horizontally scrollable row of category links with arrows that appear when there is more to
 * see. The markup is server-rendered with both arrows hidden; its island measures and shows them.
 */
export function CategoryBar({ categories }: { categories: readonly CategoryBarCategory[] }) {
  const arrowSx = {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: 2,
    '&:hover': { bgcolor: 'background.paper', color: 'primary.main' },
    '&[hidden]': { display: 'none' },
  } as const;

  return (
    <Island name="category-bar" when="load">
      <Box component="nav" aria-label="Browse categories" sx={{ position: 'relative', my: { xs: 2, md: 3 } }}>
        <IconButton size="small" aria-label="Scroll categories left" data-arrow="left" hidden sx={{ ...arrowSx, left: 0 }}>
          <ChevronLeftIcon aria-hidden="true" />
        </IconButton>
        <Box
          component="ul"
          data-testid="category-scroller"
          sx={{
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
          }}
        >
          {categories.map((category) => (
            <Box component="li" key={category.id} sx={{ flexShrink: 0 }}>
              <Chip
                component={RouterLink}
                to={`/categories/${category.slug}`}
                clickable
                variant="outlined"
                icon={<NamedIcon name={category.icon} fontSize="small" />}
                label={category.name}
                sx={{ bgcolor: 'background.paper', fontWeight: 600, '&:hover': { borderColor: 'primary.main' } }}
              />
            </Box>
          ))}
        </Box>
        <IconButton size="small" aria-label="Scroll categories right" data-arrow="right" hidden sx={{ ...arrowSx, right: 0 }}>
          <ChevronRightIcon aria-hidden="true" />
        </IconButton>
      </Box>
    </Island>
  );
}
