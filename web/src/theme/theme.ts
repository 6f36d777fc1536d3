import { createTheme } from '@mui/material/styles';

/** The one theme: brand colours, type and component defaults live here only. */
export const brand = {
  navy: '#0a1f3c',
  blue: '#0b5cad',
  accent: '#c2410c',
  surface: '#f6f8fb',
} as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: brand.blue, dark: '#084584', contrastText: '#ffffff' },
    secondary: { main: brand.accent, contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    background: { default: brand.surface, paper: '#ffffff' },
    text: { primary: '#14213d', secondary: '#4a5568' },
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
        ':focus-visible': { outline: `3px solid ${brand.accent}`, outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': { animationDuration: '0.01ms !important', animationDelay: '0ms !important', transitionDuration: '0.01ms !important', scrollBehavior: 'auto !important' },
        },
      },
    },
  },
});
