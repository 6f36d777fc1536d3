/** What a note on a published article is, defined once: the entity, GraphQL enum, validation and labels derive from it. */
export const CORRECTION_KINDS = ['correction', 'clarification'] as const;

export type CorrectionKindValue = (typeof CORRECTION_KINDS)[number];

/** The label readers see before the date: "Correction, 28 November 2026: ...". */
export const CORRECTION_KIND_LABELS: Record<CorrectionKindValue, string> = {
  correction: 'Correction',
  clarification: 'Clarification',
};
