import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';

/**
 * The owner's text of one standards page (decision 127), Markdown as typed in the newsroom. A page
 * without a row shows the text kept with the code.
 */
const StandardsPageTextSchema = defineEntity({
  name: 'StandardsPageText',
  tableName: 'standards_page_text',
  properties: {
    /** The page's path without its slash: `ownership`, `ai-policy`... (STANDARDS_PAGE_SLUGS). */
    slug: p.string().length(40).primary(),
    markdown: p.text(),
    /** Who saved it last: the editor's name (`owner` for ADMIN_TOKEN). */
    updatedBy: p.string().length(80),
    ...timestamps,
  },
});

export class StandardsPageText extends StandardsPageTextSchema.class {}
StandardsPageTextSchema.setClass(StandardsPageText);
export { StandardsPageTextSchema };
