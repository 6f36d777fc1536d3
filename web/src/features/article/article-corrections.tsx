import styled from '@emotion/styled';
import type { ArticleCorrections_CorrectionFragment } from '../../graphql/graphql';
import { correctionHeading } from '../../lib/correction-labels';
import { madeOnce } from '../../theme/made-once';

const Notes = styled('aside')(
  madeOnce({
    mb: 3,
    p: 2,
    borderLeft: 4,
    borderColor: 'warning.main',
    bgcolor: 'background.paper',
    '& > h2': { m: 0, mb: 1, typography: 'subtitle2', fontSize: '1rem' },
    '& > p': { m: 0, typography: 'body2' },
    '& > p + p': { mt: 1 },
    '& strong': { fontWeight: 700 },
  }),
);

/** Every correction and clarification of an article, newest first, above its body; nothing when none. */
export function ArticleCorrections({ corrections }: { corrections: readonly ArticleCorrections_CorrectionFragment[] }) {
  if (corrections.length === 0) return null;
  return (
    <Notes aria-labelledby="corrections-heading" data-testid="article-corrections">
      <h2 id="corrections-heading">{corrections.length === 1 ? 'Correction notice' : 'Correction notices'}</h2>
      {corrections.map((c) => (
        <p key={c.id} id={`correction-${c.id}`}>
          <strong>{correctionHeading(c.kind, c.createdAt)}:</strong> {c.text}
        </p>
      ))}
    </Notes>
  );
}
