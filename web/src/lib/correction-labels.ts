import type { CorrectionKind } from '../graphql/graphql';
import { formatLongDate } from './dates';

/** What readers read before the date: one spelling per kind. */
export const CORRECTION_LABELS: Record<CorrectionKind, string> = {
  CORRECTION: 'Correction',
  CLARIFICATION: 'Clarification',
};

/** "Correction, 28 November 2026" (Sydney time, as every date on the site). */
export function correctionHeading(kind: CorrectionKind, createdAt: string): string {
  return `${CORRECTION_LABELS[kind]}, ${formatLongDate(createdAt)}`;
}
