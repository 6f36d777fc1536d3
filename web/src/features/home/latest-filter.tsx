import styled from '@emotion/styled';
import FilterListIcon from '@mui/icons-material/FilterList';
import GridViewIcon from '@mui/icons-material/GridView';
import { ButtonContent, ButtonLink, ButtonLook, buttonLook } from '../../components/button-link';
import { ChipLink } from '../../components/chip-link';
import { ChipList } from '../../components/chip-list';
import { Island } from '../../islands/island';
import { madeOnce } from '../../theme/made-once';
import { CHIPS_ATTRIBUTE, LATEST_SECTION_ID } from './latest-filter-regions';

interface FilterCategory {
  name: string;
  slug: string;
}

const Tools = styled('div')(madeOnce({ display: 'flex', gap: 1 }));
const FilterForm = styled('form')(madeOnce({ display: 'contents' }));

/** The address parameter that opens the chips on a page rendered without script: `/?filter=open#latest`. */
export const FILTER_PARAM = 'filter';
const Panel = styled('nav')(madeOnce({ mb: 2.5, '&[hidden]': { display: 'none' } }));

/** 'All Categories' (a link to /categories) and 'Filter' (a button that shows the category chips). */
export function LatestTools({ panelId, open }: { panelId: string; open: boolean }) {
  return (
    <Tools>
      <ButtonLink to="/categories" variant="outlined" size="small" startIcon={<GridViewIcon aria-hidden="true" />}>
        All Categories
      </ButtonLink>
      <Island name="latest-filter" when="idle">
        {/* Without script the button asks for the page with the chips open (`?filter=open`), at Latest. */}
        <FilterForm method="get" action={`/#${LATEST_SECTION_ID}`}>
          <input type="hidden" name={FILTER_PARAM} value="open" />
          <ButtonLook type="submit" {...buttonLook({ variant: 'outlined', size: 'small' })} aria-expanded={open} aria-controls={panelId}>
            <ButtonContent startIcon={<FilterListIcon aria-hidden="true" />}>Filter</ButtonContent>
          </ButtonLook>
        </FilterForm>
      </Island>
    </Tools>
  );
}

/**
 * The chips: 'All' and one per category, each a link that keeps the choice in the URL and lands at
 * the Latest section. With script the island shows the choice in place (latest-filter-swap.ts).
 */
export function LatestFilterChips({ panelId, open, categories, selected }: { panelId: string; open: boolean; categories: readonly FilterCategory[]; selected: string | null }) {
  const options = [{ name: 'All', slug: null as string | null }, ...categories];
  return (
    <Panel id={panelId} hidden={!open} aria-label="Filter latest news by category" {...{ [CHIPS_ATTRIBUTE]: '' }}>
      <ChipList>
        {options.map((option) => (
          <li key={option.slug ?? 'all'}>
            <ChipLink to={`${option.slug ? `/?category=${encodeURIComponent(option.slug)}` : '/'}#${LATEST_SECTION_ID}`} current={option.slug === selected} label={option.name} />
          </li>
        ))}
      </ChipList>
    </Panel>
  );
}
