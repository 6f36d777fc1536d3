import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { testPartners } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/** Partners as the newsroom edits them (decision 019): create, edit, disable, placement. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork());
const partner = {
  name: 'Numbat Cloud',
  description: 'Managed servers in Perth and Sydney.',
  offer: 'First month free',
  cta: 'Start Now',
  affiliateUrl: 'https://example.org/partners/numbat',
  icon: 'Cloud',
  placement: 'sidebar',
};

describe('partners', () => {
  it('are created enabled, with a slug from the name, and shown in their placement', async () => {
    const created = await services().partners.create(partner);
    expect(created).toMatchObject({ slug: 'numbat-cloud', enabled: true, badge: null, placement: 'sidebar' });
    expect((await services().partners.list('sidebar')).map((p) => p.slug)).toContain('numbat-cloud');
    expect((await services().partners.list('promotion')).map((p) => p.slug)).not.toContain('numbat-cloud');
  });

  it('move to another placement, change their texts and are disabled and enabled again', async () => {
    const [created] = (await services().partners.listAll()).filter((p) => p.slug === 'numbat-cloud');
    const moved = await services().partners.update(created.id, { placement: 'promotion', badge: 'New', offer: 'Two months free' });
    expect(moved).toMatchObject({ placement: 'promotion', badge: 'New', offer: 'Two months free', name: partner.name });
    expect((await services().partners.list('promotion')).map((p) => p.slug)).toContain('numbat-cloud');
    await services().partners.update(created.id, { enabled: false });
    expect((await services().partners.list()).map((p) => p.slug)).not.toContain('numbat-cloud');
    expect((await services().partners.list()).length).toBe(testPartners.length);
    expect((await services().partners.listAll()).find((p) => p.id === created.id)?.enabled).toBe(false);
    await services().partners.update(created.id, { enabled: true, badge: '' });
    expect((await services().partners.list()).find((p) => p.id === created.id)?.badge).toBeNull();
  });

  it('name every offending field: http(s) links only, known placements, icon names, a free slug', async () => {
    const error = await services()
      .partners.create({ ...partner, affiliateUrl: 'javascript:alert(1)', placement: 'footer', icon: '<svg>', name: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.field).sort()).toEqual(['affiliateUrl', 'icon', 'name', 'placement']);
    const taken = await services().partners.create({ ...partner, slug: testPartners[0].slug }).catch((e: unknown) => e);
    expect((taken as ValidationError).fields).toEqual([{ field: 'slug', message: `Another partner has the slug "${testPartners[0].slug}"` }]);
    const [first] = await services().partners.listAll();
    await expect(services().partners.update(first.id, {})).rejects.toBeInstanceOf(ValidationError);
    await expect(services().partners.update(first.id, { enabled: 'no' })).rejects.toBeInstanceOf(ValidationError);
    await expect(services().partners.update(999_999, { enabled: false })).rejects.toBeInstanceOf(NotFoundError);
  });
});
