import { z } from 'zod';
import { type FieldProblem, ValidationError } from '../../lib/errors.js';
import { definedOnly, fieldProblems, invalidMessage, objectError } from '../../lib/validation.js';
import { plainText } from '../author/author.validation.js';
import { CORRECTION_KINDS, type CorrectionKindValue } from './correction-kinds.js';

/** Longest correction text, in characters: a correction says what was wrong and what is right. */
export const MAX_CORRECTION_LENGTH = 2_000;

const schema = z.strictObject(
  {
    kind: z.enum(CORRECTION_KINDS, { error: `Kind must be one of: ${CORRECTION_KINDS.join(', ')}` }).default('correction'),
    text: plainText('Text', MAX_CORRECTION_LENGTH, { singleLine: false }),
  },
  objectError('correction'),
);

export interface CorrectionInput {
  kind: CorrectionKindValue;
  text: string;
}

/** The one correction rule set (GraphQL and REST): a known kind, plain text without HTML; every offending field named. */
export function validateCorrectionInput(raw: unknown): CorrectionInput {
  const parsed = schema.safeParse(definedOnly(raw));
  if (parsed.success) return parsed.data;
  const problems: FieldProblem[] = fieldProblems(parsed.error);
  throw new ValidationError(invalidMessage('correction', problems), problems);
}
