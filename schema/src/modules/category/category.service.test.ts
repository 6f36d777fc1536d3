import type { EntityManager } from '@mikro-orm/core';
import { describe, expect, it, vi } from 'vitest';
import { CategoryService } from './category.service.js';

const row = { id: 1, name: 'Artificial Intelligence', slug: 'artificial-intelligence', description: 'AI in Australia', icon: 'brain' };

describe('CategoryService.list', () => {
  it('reads the categories once however many parts of one request ask for them', async () => {
    const find = vi.fn(async () => [row]);
    const categories = new CategoryService({ find } as unknown as EntityManager);
    const [a, b] = await Promise.all([categories.list(), categories.list()]);
    expect(await categories.list()).toEqual([row]);
    expect(a).toEqual([row]);
    expect(b).toEqual([row]);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('asks the database again after a failed read instead of remembering the failure', async () => {
    const find = vi.fn().mockRejectedValueOnce(new Error('connection reset')).mockResolvedValueOnce([row]);
    const categories = new CategoryService({ find } as unknown as EntityManager);
    await expect(categories.list()).rejects.toThrow('connection reset');
    await expect(categories.list()).resolves.toEqual([row]);
    expect(find).toHaveBeenCalledTimes(2);
  });
});
