import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCoverKey, coverPath, parseUploadedCoverName, uploadedCoverPath } from '../../lib/cover-url.js';
import { ValidationError } from '../../lib/errors.js';
import { onContentChange } from '../../runtime/content-changes.js';
import { createServices, type Services } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { testPicture, testPngBomb } from '../../test/test-images.js';
import type { Editor } from '../editor/editor-roles.js';
import { CoverImage } from './cover-image.entity.js';

/**
 * Uploaded covers in the database (decision 023): one per article, replaced with a new version
 * and URL, removed back to generated art, each change a revision and a content change.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork());
const alex: Editor = { name: 'Alex Nguyen', role: 'editor' };
let counter = 0;
const story = () => ({
  title: `Cover story ${++counter}`,
  excerpt: 'A short excerpt for the card.',
  content: 'The body of the story.',
  category: 'cybersecurity',
  author: 'Alex Nguyen',
});

async function coverRows(articleId: number): Promise<CoverImage[]> {
  return db.orm.em.fork().find(CoverImage, { article: articleId });
}

describe('ArticleCoverService', () => {
  it('creates an article with its cover: imageUrl names the version, the master is stored and readable', async () => {
    const article = await services().articleCovers.create(story(), alex, await testPicture('jpeg', { orientation: 6 }));
    const name = article.imageUrl.slice('/media/covers/uploads/'.length);
    const parsed = parseUploadedCoverName(name);
    expect(parsed?.articleId).toBe(article.id);
    expect(article.imageUrl).toBe(uploadedCoverPath(article.id, parsed!.version));
    const master = await services().articleCovers.master(name);
    expect(master).not.toBeNull();
    expect([master!.width, master!.height]).toEqual([600, 900]);
    const meta = await sharp(master!.data).metadata();
    expect([meta.format, meta.exif, meta.icc]).toEqual(['webp', undefined, undefined]);
    const revisions = await services().articleEditing.revisions(article.id);
    expect(revisions.nodes[0].changes.cover).toEqual({ from: null, to: article.imageUrl });
  });

  it('replaces a cover with a new URL (the old one is gone) and records it', async () => {
    const created = await services().articleEditing.create(story(), alex);
    const announced: string[][] = [];
    const stop = onContentChange((entities) => announced.push([...entities]));
    const first = await services().articleCovers.upload(created.id, await testPicture('png'), alex);
    const second = await services().articleCovers.uploadBase64(created.id, (await testPicture('webp', { width: 640 })).toString('base64'), alex);
    stop();
    expect(announced.filter((entities) => entities.includes('Article'))).toHaveLength(2);
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect(await services().articleCovers.master(first.imageUrl.split('/').pop()!)).toBeNull();
    expect(await services().articleCovers.master(second.imageUrl.split('/').pop()!)).not.toBeNull();
    expect(await coverRows(created.id)).toHaveLength(1);
    const changes = (await services().articleEditing.revisions(created.id)).nodes.map((r) => r.changes.cover);
    expect(changes.slice(0, 2)).toEqual([
      { from: first.imageUrl, to: second.imageUrl },
      { from: null, to: first.imageUrl },
    ]);
  });

  it('removes a cover: generated art again, the row gone, a revision; removing none changes nothing', async () => {
    const created = await services().articleCovers.create(story(), alex, await testPicture('png'));
    const generated = coverPath(articleCoverKey('cybersecurity', created.slug));
    const removed = await services().articleCovers.remove(created.id, alex);
    expect(removed.imageUrl).toBe(generated);
    expect(await coverRows(created.id)).toHaveLength(0);
    const before = (await services().articleEditing.revisions(created.id)).nodes.length;
    await services().articleCovers.remove(created.id, alex);
    expect((await services().articleEditing.revisions(created.id)).nodes.length).toBe(before);
  });

  it('keeps an uploaded cover when the category changes, and goes with its article', async () => {
    const created = await services().articleCovers.create(story(), alex, await testPicture('jpeg'));
    const moved = await services().articleEditing.update(created.id, { category: 'cloud-computing' }, alex);
    expect(moved.imageUrl).toBe(created.imageUrl);
    const back = await services().articleCovers.remove(created.id, alex);
    expect(back.imageUrl).toBe(coverPath(articleCoverKey('cloud-computing', created.slug)));
    await services().articleCovers.upload(created.id, await testPicture('jpeg'), alex);
    await services().articleEditing.delete(created.id, alex);
    expect(await coverRows(created.id)).toHaveLength(0);
  });

  it('refuses a bad picture before writing anything, and a missing article with 404', async () => {
    const created = await services().articleEditing.create(story(), alex);
    await expect(services().articleCovers.upload(created.id, testPngBomb(), alex)).rejects.toThrow(ValidationError);
    await expect(services().articleCovers.create(story(), alex, Buffer.from('text'))).rejects.toThrow(ValidationError);
    expect((await services().articleEditing.get(created.id)).imageUrl).toBe(created.imageUrl);
    expect(await coverRows(created.id)).toHaveLength(0);
    await expect(services().articleCovers.upload(99_999_999, await testPicture('png'), alex)).rejects.toThrow(/not found/);
  });
});
