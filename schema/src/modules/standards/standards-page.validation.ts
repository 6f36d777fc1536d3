import { z } from 'zod';
import { ValidationError } from '../../lib/errors.js';
import { definedOnly, fieldProblems, invalidMessage, objectError, requiredText } from '../../lib/validation.js';
import { MAX_STANDARDS_MARKDOWN_LENGTH } from './standards-pages.js';

const schema = z.strictObject(
  {
    markdown: requiredText('Markdown', MAX_STANDARDS_MARKDOWN_LENGTH, { singleLine: false }),
  },
  objectError('standards page'),
);

export interface StandardsPageInput {
  markdown: string;
}

/**
 * A page's new text: required, at most MAX_STANDARDS_MARKDOWN_LENGTH characters, without control
 * characters. Raw HTML is allowed in the source: the renderer shows it as text.
 */
export function validateStandardsPageInput(raw: unknown): StandardsPageInput {
  const parsed = schema.safeParse(definedOnly(raw));
  if (parsed.success) return { markdown: parsed.data.markdown.replace(/\r\n?/g, '\n') };
  const problems = fieldProblems(parsed.error);
  throw new ValidationError(invalidMessage('standards page', problems), problems);
}
