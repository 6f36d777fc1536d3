import { describe, expect, it } from 'vitest';
import { madeOnce } from './made-once';

describe('madeOnce (decision 038)', () => {
  it('writes sx terms as CSS once, with the theme as CSS variables', () => {
    const styles = madeOnce({ m: 0, py: 1.25, typography: 'caption', color: 'text.secondary', '&:hover': { color: 'primary.main' } });
    expect(styles.styles).toContain('margin:0;');
    expect(styles.styles).toContain('padding-top:calc(1.25 * var(--mui-spacing');
    expect(styles.styles).toContain('font-size:0.75rem;');
    expect(styles.styles).toContain('color:var(--mui-palette-text-secondary');
    expect(styles.styles).toMatch(/&:hover\{color:var\(--mui-palette-primary-main/);
  });
});
