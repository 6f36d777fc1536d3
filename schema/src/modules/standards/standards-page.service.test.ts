import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TAG, CacheTagCollector, collectCacheTags } from '../../lib/cache-tags.js';
import { ValidationError } from '../../lib/errors.js';
import { onContentChange } from '../../runtime/content-changes.js';
import { createServices, type Services } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Editor } from '../editor/editor-roles.js';
import { MAX_STANDARDS_MARKDOWN_LENGTH, STANDARDS_PAGE_SLUGS } from './standards-pages.js';

/** The owner's text of the standards pages: stored per page, validated, announced to the caches. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork());
const owner: Editor = { name: 'owner', role: 'admin' };

async function problemsOf(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fields;
}

describe('StandardsPageService', () => {
  it('finds nothing stored at first: every page shows the text kept with the code', async () => {
    for (const slug of STANDARDS_PAGE_SLUGS) expect(await services().standardsPages.find(slug)).toBeNull();
    expect((await services().standardsPages.list()).map((p) => [p.slug, p.text])).toEqual(STANDARDS_PAGE_SLUGS.map((slug) => [slug, null]));
  });

  it('stores a page, replaces it on the next save, and names who saved it', async () => {
    await services().standardsPages.save('ownership', { markdown: 'First text.' }, owner);
    const saved = await services().standardsPages.save('ownership', { markdown: '  ## Who owns it\r\n\r\nThe second text.  ' }, { name: 'Sam Editor', role: 'admin' });
    expect(saved).toMatchObject({ slug: 'ownership', markdown: '## Who owns it\n\nThe second text.', updatedBy: 'Sam Editor' });
    expect(await services().standardsPages.find('ownership')).toMatchObject({ markdown: '## Who owns it\n\nThe second text.' });
    // Other pages are untouched.
    expect(await services().standardsPages.find('ai-policy')).toBeNull();
    const listed = await services().standardsPages.list();
    expect(listed.find((p) => p.slug === 'ownership')?.text?.markdown).toBe('## Who owns it\n\nThe second text.');
  });

  it('clears a page back to the text kept with the code', async () => {
    await services().standardsPages.save('ai-policy', { markdown: 'Stored for a moment.' }, owner);
    expect(await services().standardsPages.clear('ai-policy', owner)).toBe(true);
    expect(await services().standardsPages.find('ai-policy')).toBeNull();
    expect(await services().standardsPages.clear('ai-policy', owner)).toBe(false);
  });

  it('refuses an unknown page, empty text, text over the limit and extra fields, naming each field', async () => {
    expect(await problemsOf(services().standardsPages.save('privacy', { markdown: 'x' }, owner))).toEqual([expect.objectContaining({ field: 'slug' })]);
    expect(await problemsOf(services().standardsPages.find('../ownership'))).toEqual([expect.objectContaining({ field: 'slug' })]);
    expect(await problemsOf(services().standardsPages.save('ownership', { markdown: '   ' }, owner))).toEqual([{ field: 'markdown', message: 'Markdown is required' }]);
    expect(await problemsOf(services().standardsPages.save('ownership', {}, owner))).toEqual([{ field: 'markdown', message: 'Markdown is required' }]);
    expect(await problemsOf(services().standardsPages.save('ownership', { markdown: 'x'.repeat(MAX_STANDARDS_MARKDOWN_LENGTH + 1) }, owner))).toEqual([
      { field: 'markdown', message: `Markdown must be at most ${MAX_STANDARDS_MARKDOWN_LENGTH} characters` },
    ]);
    expect(await problemsOf(services().standardsPages.save('ownership', { markdown: 'ok', title: 'New' }, owner))).toEqual([{ field: 'title', message: 'Unknown field "title"' }]);
    expect(await problemsOf(services().standardsPages.save('ownership', 'just text', owner))).toEqual([{ field: 'body', message: 'The standards page must be a JSON object' }]);
    expect(await problemsOf(services().standardsPages.save('ownership', { markdown: 'bell \u0007' }, owner))).toEqual([{ field: 'markdown', message: 'Markdown contains control characters' }]);
    // The longest text allowed is stored whole.
    const longest = 'y'.repeat(MAX_STANDARDS_MARKDOWN_LENGTH);
    expect((await services().standardsPages.save('editorial-standards', { markdown: longest }, owner)).markdown).toBe(longest);
  });

  it('tags the read with its page, and a committed save or clear purges exactly that tag', async () => {
    const collector = new CacheTagCollector();
    await collectCacheTags(collector, () => services().standardsPages.find('corrections-policy'));
    expect(collector.list()).toEqual(['standards:corrections-policy']);

    const announced: string[][] = [];
    const stop = onContentChange((_entities, tags) => announced.push([...tags]));
    try {
      await services().standardsPages.save('corrections-policy', { markdown: 'We correct mistakes.' }, owner);
      await services().standardsPages.clear('corrections-policy', owner);
      // A refused save announces nothing.
      await services().standardsPages.save('corrections-policy', { markdown: '' }, owner).catch(() => undefined);
    } finally {
      stop();
    }
    expect(announced).toEqual([['standards:corrections-policy'], ['standards:corrections-policy']]);
    expect(announced.flat()).not.toContain(ALL_TAG);
  });
});
