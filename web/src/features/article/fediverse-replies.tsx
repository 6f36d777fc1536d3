import styled from '@emotion/styled';
import type { FediverseReplies_ReplyFragment } from '../../graphql/graphql';
import { formatLongDate } from '../../lib/dates';
import { madeOnce } from '../../theme/made-once';

/** Links to a reader's reply on another server: not an endorsement, and no referrer. */
export const REPLY_LINK_REL = 'nofollow ugc noopener noreferrer';

const Replies = styled('section')(
  madeOnce({
    mt: 4,
    pt: 3,
    borderTop: 1,
    borderColor: 'divider',
    '& > h2': { m: 0, mb: 0.5, typography: 'h2', fontSize: '1.35rem' },
    '& > p': { m: 0, mb: 2, typography: 'body2', color: 'text.secondary' },
    '& > ol': { listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 },
    '& li': { p: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 'var(--mui-shape-borderRadius)' },
    '& .reply-by': { m: 0, mb: 1, typography: 'body2', color: 'text.secondary', overflowWrap: 'anywhere' },
    '& .reply-by strong': { color: 'text.primary', fontWeight: 700 },
    // The text as it arrived: its paragraphs and line breaks kept, a long address wrapped on a phone.
    '& .reply-text': { m: 0, typography: 'body1', whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
    '& li > a': { display: 'inline-block', mt: 1, typography: 'body2', fontWeight: 600 },
  }),
);

/**
 * "From the fediverse": the replies an editor approved, as plain text (React writes it as text:
 * never HTML), each with its author, their server and a link to it there. Nothing when none.
 */
export function FediverseReplies({ replies }: { replies: readonly FediverseReplies_ReplyFragment[] }) {
  if (replies.length === 0) return null;
  return (
    <Replies aria-labelledby="fediverse-replies-heading" data-testid="fediverse-replies" data-print="hide">
      <h2 id="fediverse-replies-heading">From the fediverse</h2>
      <p>Replies from Mastodon and other fediverse servers, shown once an editor has read them.</p>
      <ol>
        {replies.map((reply) => (
          <li key={reply.id}>
            <p className="reply-by">
              <strong>{reply.authorName}</strong> on {reply.server} · <time dateTime={reply.published}>{formatLongDate(reply.published)}</time>
            </p>
            <p className="reply-text">{reply.text}</p>
            {reply.url && (
              <a href={reply.url} rel={REPLY_LINK_REL}>
                View the reply on {reply.server}
              </a>
            )}
          </li>
        ))}
      </ol>
    </Replies>
  );
}
