import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FilterListIcon from '@mui/icons-material/FilterList';
import GridViewIcon from '@mui/icons-material/GridView';
import { Link as RouterLink } from 'react-router-dom';
import { Island } from '../../islands/island';

interface FilterCategory {
  name: string;
  slug: string;
}

/** 'All Categories' (a link to /categories) and 'Filter' (a button that shows the category chips). */
export function LatestTools({ panelId, open }: { panelId: string; open: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button component={RouterLink} to="/categories" variant="outlined" size="small" startIcon={<GridViewIcon aria-hidden="true" />}>
        All Categories
      </Button>
      <Island name="latest-filter" when="idle">
        <Button type="button" variant="outlined" size="small" aria-expanded={open} aria-controls={panelId} startIcon={<FilterListIcon aria-hidden="true" />}>
          Filter
        </Button>
      </Island>
    </Box>
  );
}

/** The chips: 'All' and one per category, each a link that keeps the choice in the URL. */
export function LatestFilterChips({ panelId, open, categories, selected }: { panelId: string; open: boolean; categories: readonly FilterCategory[]; selected: string | null }) {
  const options = [{ name: 'All', slug: null as string | null }, ...categories];
  return (
    <Box id={panelId} hidden={!open} component="nav" aria-label="Filter latest news by category" sx={{ mb: 2.5, '&[hidden]': { display: 'none' } }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {options.map((option) => {
          const current = option.slug === selected;
          return (
            <li key={option.slug ?? 'all'}>
              <Chip
                component={RouterLink}
                to={option.slug ? `/?category=${encodeURIComponent(option.slug)}` : '/'}
                aria-current={current ? 'true' : undefined}
                clickable
                size="small"
                color={current ? 'primary' : 'default'}
                variant={current ? 'filled' : 'outlined'}
                label={option.name}
              />
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
