import { afterEach, describe, expect, it, vi } from 'vitest';
import { type IslandModule, loadIslands } from './load-islands';

/** Two islands that wait for the reader, each with a field. */
function page() {
  document.body.innerHTML = `
    <div data-island="form-a" data-when="interaction"><form><input id="a" /></form></div>
    <div data-island="form-b" data-when="interaction"><form><input id="b" /></form></div>`;
  const hydrate = vi.fn<IslandModule['hydrate']>();
  const loaders = new Map([
    ['form-a', vi.fn(async () => ({ hydrate }))],
    ['form-b', vi.fn(async () => ({ hydrate }))],
  ]);
  return { loaders, hydrate };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('islands that wait for the reader', () => {
  it('load at once when the reader is already in them (a field focused before the script ran), the others at their first interaction', async () => {
    const { loaders } = page();
    (document.getElementById('a') as HTMLInputElement).focus();
    await loadIslands(loaders);
    expect(loaders.get('form-a')).toHaveBeenCalledTimes(1);
    expect(loaders.get('form-b')).not.toHaveBeenCalled();
    document.getElementById('b')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(loaders.get('form-b')).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((document.querySelector('[data-island="form-b"]') as HTMLElement).dataset.hydrated).toBe('true'));
  });
});
