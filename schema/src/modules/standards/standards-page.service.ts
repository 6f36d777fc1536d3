import type { EntityManager } from '@mikro-orm/core';
import { recordCacheTags, standardsPageTag } from '../../lib/cache-tags.js';
import type { Editor } from '../editor/editor-roles.js';
import { StandardsPageText } from './standards-page-text.entity.js';
import { validateStandardsPageInput } from './standards-page.validation.js';
import { parseStandardsPageSlug, STANDARDS_PAGE_SLUGS, type StandardsPageSlug } from './standards-pages.js';

/** The owner's text of a standards page as stored. */
export interface StandardsPageTextView {
  slug: StandardsPageSlug;
  markdown: string;
  updatedAt: Date;
  updatedBy: string;
}

function toView(row: StandardsPageText): StandardsPageTextView {
  return { slug: parseStandardsPageSlug(row.slug), markdown: row.markdown, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}

/**
 * The standards pages' text kept in the database (decision 127). Readers' pages read `find`; a page
 * with nothing stored shows the text kept with the code. Saving or clearing a page is a committed
 * change of public content: the ORM's subscriber purges the answers tagged with that page.
 */
export class StandardsPageService {
  constructor(private readonly em: EntityManager) {}

  /** The stored text of a page, or null when it shows the text kept with the code; an unknown page is a 400. */
  async find(slug: unknown): Promise<StandardsPageTextView | null> {
    const page = parseStandardsPageSlug(slug);
    recordCacheTags(standardsPageTag(page));
    const row = await this.em.findOne(StandardsPageText, { slug: page });
    return row ? toView(row) : null;
  }

  /** Every page, in the site's order, with its stored text or null: the newsroom's list. */
  async list(): Promise<{ slug: StandardsPageSlug; text: StandardsPageTextView | null }[]> {
    const rows = await this.em.find(StandardsPageText, { slug: { $in: [...STANDARDS_PAGE_SLUGS] } });
    const bySlug = new Map(rows.map((row) => [row.slug, toView(row)]));
    return STANDARDS_PAGE_SLUGS.map((slug) => ({ slug, text: bySlug.get(slug) ?? null }));
  }

  /** Stores a page's new text (creating or replacing it); the page shows it from the next request. */
  async save(slug: unknown, raw: unknown, editor: Editor): Promise<StandardsPageTextView> {
    const page = parseStandardsPageSlug(slug);
    const { markdown } = validateStandardsPageInput(raw);
    // In a transaction: read from the primary, announced once committed.
    return this.em.transactional(async (tx) => {
      const row = (await tx.findOne(StandardsPageText, { slug: page })) ?? tx.create(StandardsPageText, { slug: page, markdown, updatedBy: editor.name });
      tx.assign(row, { markdown, updatedBy: editor.name });
      await tx.flush();
      return toView(row);
    });
  }

  /** Forgets a page's stored text, so it shows the text kept with the code again; false when none was stored. */
  async clear(slug: unknown, _editor: Editor): Promise<boolean> {
    const page = parseStandardsPageSlug(slug);
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(StandardsPageText, { slug: page });
      if (!row) return false;
      tx.remove(row);
      await tx.flush();
      return true;
    });
  }
}
