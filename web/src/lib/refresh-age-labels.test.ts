import { describe, expect, it } from 'vitest';
import { refreshAgeLabels } from './age-label';

describe('refreshAgeLabels', () => {
  it('recomputes every server-rendered age as of now', () => {
    const root = document.createElement('div');
    root.innerHTML = '<span data-published-at="2026-11-23T00:00:00.000Z">Just now</span><span data-published-at="2026-11-20T00:00:00.000Z">2 days ago</span><span>untouched</span>';
    refreshAgeLabels(root, new Date('2026-11-23T05:30:00.000Z'));
    expect([...root.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['5 hours ago', '3 days ago', 'untouched']);
  });
});
