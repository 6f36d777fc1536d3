import { createTheme } from '@mui/material/styles';

// The theme uses CSS variables (both colour schemes): its types say so.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

/** The one theme: brand colours, type and component defaults live here only. */
export const brand = {
  navy: '#0a1f3c',
  blue: '#0b5cad',
  accent: '#c2410c',
  surface: '#f6f8fb',
} as const;

/**
 * Light and dark palettes as CSS variables. `data-theme` on <html> picks one (the reader's choice,
 * rendered by the server from a cookie); without it the page follows prefers-color-scheme
 * (systemDarkStyles). Both pass WCAG AA contrast for text.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: '[data-theme="%s"]' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: brand.blue, dark: '#084584', contrastText: '#ffffff' },
        secondary: { main: brand.accent, contrastText: '#ffffff' },
        error: { main: '#b3261e' },
        background: { default: brand.surface, paper: '#ffffff' },
        text: { primary: '#14213d', secondary: '#4a5568' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8cc4ff', dark: '#5ea8f5', contrastText: '#08111f' },
        secondary: { main: '#fb923c', contrastText: '#08111f' },
        error: { main: '#f28b82', contrastText: '#08111f' },
        background: { default: '#0b1220', paper: '#131c2e' },
        text: { primary: '#e8eef7', secondary: '#b4c0d3' },
        divider: 'rgba(232, 238, 247, 0.16)',
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
    h4: { fontSize: '1.1rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Open and skip delays live in components/site-tooltip.tsx.
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiCssBaseline: {
      styleOverrides: {
        // Above components' own `outline: 0` (WCAG 2.4.11/2.4.13: at least 2 px, 3:1 against what is around it).
        // `:root:root` outranks MUI's `.x:focus { outline: 0 }` on inputs.
        ':root:root :focus-visible': { outline: '3px solid var(--mui-palette-secondary-main)', outlineOffset: 2 },
        // On the navy blocks (footer, ticker, pitch cards) a light ring keeps that contrast.
        ':root:root [data-surface="dark"] :focus-visible': { outlineColor: '#fdba74' },
        // The heading focused after a click or tap (client/focus-heading.ts) is announced without a ring.
        ':root:root main h1[tabindex="-1"]:not([data-keyboard-focus]):focus-visible': { outline: 'none' },
        // A text field shows one ring, around the whole field, not a second one inside its border.
        ':root:root .MuiOutlinedInput-root > .MuiInputBase-input:focus-visible': { outline: 'none' },
        ':root:root .MuiOutlinedInput-root:has(> .MuiInputBase-input:focus-visible)': { outline: '3px solid var(--mui-palette-secondary-main)', outlineOffset: 2 },
        // Printing an article gives the article alone: headline, byline, date, image, text, source link and its address.
        '[data-print="only"]': { display: 'none' },
        '@media print': {
          '[data-print="hide"], [data-island="offline-banner"]': { display: 'none !important' },
          '[data-print="only"]': { display: 'block', fontSize: '0.9rem' },
          '[data-print="one-column"]': { display: 'block !important' },
          'a.source::after': { content: '" " attr(href)', wordBreak: 'break-all' },
        },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': { animationDuration: '0.01ms !important', animationDelay: '0ms !important', transitionDuration: '0.01ms !important', scrollBehavior: 'auto !important' },
        },
      },
    },
  },
});

/**
 * The dark palette for readers whose system prefers it and who have not chosen on this site: the
 * same variables as `[data-theme="dark"]`, under the media query, for <html> without the attribute.
 */
export const systemDarkStyles = (() => {
  const sheets = (theme as unknown as { generateStyleSheets: () => Record<string, Record<string, string>>[] }).generateStyleSheets();
  const dark = sheets.find((sheet) => Object.keys(sheet).some((selector) => selector.includes('"dark"')));
  const variables = dark ? Object.values(dark)[0] : {};
  return { '@media (prefers-color-scheme: dark)': { ':root:not([data-theme])': variables } };
})();
