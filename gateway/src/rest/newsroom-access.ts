import type { Editor } from '../../../schema/src/index.js';

/**
 * The editor the request gate established from the route's declared auth (routes/route-table.ts):
 * the route runs only after it.
 */
export function editorOf(locals: { editor?: Editor }): Editor {
  if (!locals.editor) throw new Error('the route must be declared with a permission (route-table.ts) for its editor to be known');
  return locals.editor;
}
