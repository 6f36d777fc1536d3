import { describe, expect, it } from 'vitest';
import { nameFromSlug } from './name-from-slug';

describe('nameFromSlug', () => {
  it('title-cases each word of a slug', () => {
    expect(nameFromSlug('cloud-computing')).toBe('Cloud Computing');
    expect(nameFromSlug('edtech')).toBe('Edtech');
    expect(nameFromSlug('brain-computer-interfaces-bcis')).toBe('Brain Computer Interfaces Bcis');
  });

  it('ignores repeated or stray separators', () => {
    expect(nameFromSlug('--space--economy-')).toBe('Space Economy');
    expect(nameFromSlug('')).toBe('');
  });
});
