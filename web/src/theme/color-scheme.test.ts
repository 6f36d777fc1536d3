import { describe, expect, it } from 'vitest';
import { colorSchemeCookie, colorSchemeFromCookie, onlyColorSchemeCookie } from './color-scheme';
import { systemDarkStyles, theme } from './theme';

describe('colour scheme cookie', () => {
  it('reads an explicit choice and ignores anything else', () => {
    expect(colorSchemeFromCookie('theme=dark')).toBe('dark');
    expect(colorSchemeFromCookie('a=1; theme=light; b=2')).toBe('light');
    expect(colorSchemeFromCookie('theme=purple')).toBeNull();
    expect(colorSchemeFromCookie('xtheme=dark')).toBeNull();
    expect(colorSchemeFromCookie('theme=dark"><script>')).toBeNull();
    expect(colorSchemeFromCookie(undefined)).toBeNull();
  });

  it('knows when the colour scheme is the only cookie', () => {
    expect(onlyColorSchemeCookie('theme=dark')).toBe(true);
    expect(onlyColorSchemeCookie(' theme=light ')).toBe(true);
    expect(onlyColorSchemeCookie('theme=dark; session=abc')).toBe(false);
    expect(onlyColorSchemeCookie('session=abc')).toBe(false);
    expect(onlyColorSchemeCookie('')).toBe(false);
  });

  it('remembers a choice for a year on the whole site', () => {
    expect(colorSchemeCookie('dark')).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

describe('theme', () => {
  it('has a light and a dark scheme, and follows the system when no scheme is chosen', () => {
    const vars = systemDarkStyles['@media (prefers-color-scheme: dark)'][':root:not([data-theme])'] as Record<string, string>;
    expect(vars['--mui-palette-background-default']).toBe('#0b1220');
    expect(vars['--mui-palette-text-primary']).toBe('#e8eef7');
    expect(theme.colorSchemes.light?.palette.background.default).toBe('#f6f8fb');
  });
});
