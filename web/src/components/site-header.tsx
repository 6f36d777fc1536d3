import styled from '@emotion/styled';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { useSiteConfig } from '../config/site-config';
import { Island } from '../islands/island';
import { madeOnce } from '../theme/made-once';
import { PageContainer } from './page-container';
import { SiteLogo } from './site-logo';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/categories/artificial-intelligence', label: 'Categories' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

// On every page: styled once (theme/made-once.ts), as MUI's AppBar, Toolbar, Button and InputBase looked.
const Header = styled('header')(
  madeOnce({
    // On phones the wrapped header is tall: it scrolls away instead of covering the story.
    position: { xs: 'static', md: 'sticky' },
    top: 0,
    zIndex: 'appBar',
    bgcolor: 'background.paper',
    color: 'text.primary',
    borderBottom: 1,
    borderColor: 'divider',
  }),
);
const Toolbar = styled('div')(
  madeOnce({
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: 2,
    minHeight: { xs: 56, sm: 64 },
    flexWrap: { xs: 'wrap', md: 'nowrap' },
    py: { xs: 1, md: 0 },
  }),
);
const HomeLink = styled(RouterLink)(
  madeOnce({
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    textDecoration: 'none',
    color: 'text.primary',
    mr: 'auto',
    '& > span': { fontWeight: 800, fontSize: '1.2rem', letterSpacing: '-0.02em' },
  }),
);
const MainNav = styled('nav')(
  madeOnce({
    display: 'flex',
    gap: 0.5,
    order: { xs: 3, md: 0 },
    width: { xs: '100%', md: 'auto' },
    overflowX: 'auto',
    '& > a': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      minWidth: 64,
      px: 1,
      py: '6px',
      borderRadius: 'var(--mui-shape-borderRadius)',
      typography: 'button',
      color: 'inherit',
      textDecoration: 'none',
      whiteSpace: 'nowrap',
      transition: 'background-color 250ms cubic-bezier(0.4, 0, 0.2, 1)',
    },
    '& > a:hover': { bgcolor: 'action.hover' },
    '& > a.active': { color: 'primary.main', fontWeight: 800 },
  }),
);
const SearchForm = styled('form')(
  madeOnce({
    display: 'flex',
    alignItems: 'center',
    bgcolor: 'action.hover',
    borderRadius: 'calc(5 * var(--mui-shape-borderRadius))',
    px: 1.5,
    py: 0.25,
    '& > input': {
      width: { xs: 160, sm: 200 },
      boxSizing: 'content-box',
      height: '1.4375em',
      p: '4px 0 5px',
      m: 0,
      ml: 1,
      border: 0,
      background: 'none',
      font: 'inherit',
      fontSize: '1rem',
      color: 'text.primary',
      minWidth: 0,
    },
    '& > input:focus': { outline: 0 },
    '& > input::placeholder': { color: 'currentColor', opacity: 'var(--mui-opacity-inputPlaceholder)' },
    '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
  }),
);
const ToggleButton = styled('button')(
  madeOnce({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: '0 0 auto',
    p: '5px',
    m: 0,
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    transition: 'background-color 150ms cubic-bezier(0.4, 0, 0.2, 1)',
    '&:hover': { bgcolor: 'action.hover' },
    '&[aria-pressed="true"]': { bgcolor: 'action.selected' },
  }),
);

export function SiteHeader() {
  const { siteName } = useSiteConfig();
  const { pathname, search } = useLocation();
  const currentQuery = pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
  return (
    <Header data-print="hide">
      <PageContainer>
        <Toolbar>
          <HomeLink to="/">
            <SiteLogo />
            <span>{siteName}</span>
          </HomeLink>
          <MainNav aria-label="Main">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === '/'}>
                {link.label}
              </NavLink>
            ))}
          </MainNav>
          {/* A GET form to the results page, working without script; its island records the query. */}
          <Island name="site-search" when="idle">
            <SearchForm role="search" action="/search" method="get">
              <SearchIcon fontSize="small" aria-hidden="true" />
              <input key={currentQuery} defaultValue={currentQuery} placeholder="Search tech news..." aria-label="Search tech news" type="search" name="q" maxLength={200} />
            </SearchForm>
          </Island>
          {/* Pressed when the page is dark; the island reads the real state as soon as it loads. */}
          <Island name="theme-toggle" when="load">
            <ToggleButton type="button" aria-label="Dark mode" aria-pressed="false">
              <DarkModeIcon fontSize="small" aria-hidden="true" />
            </ToggleButton>
          </Island>
        </Toolbar>
      </PageContainer>
    </Header>
  );
}
