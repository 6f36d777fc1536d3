import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { newsroomFetch } from '../../lib/newsroom-session';
import { ConfirmAction } from './confirm-action';

/** A reply as GET /api/admin/fediverse/replies/{articleId} lists it: plain text, held until approved. */
export interface HeldReply {
  id: string;
  authorName: string;
  authorUrl: string;
  server: string;
  text: string;
  published: string;
  approved: boolean;
  url?: string;
}

const UNREACHABLE = 'The newsroom could not be reached. Check your connection and try again.';
export const APPROVED_NOTICE = 'Approved: readers see it under the story now.';
export const REJECTED_NOTICE = 'Rejected: the reply is gone and readers never saw it.';
export const WITHDRAWN_NOTICE = 'Removed: readers no longer see it under the story.';

/** A remote server chooses its links: only http(s) ones become links here. */
function webLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The API's refusal in the editor's words. */
async function refusal(res: Response): Promise<string> {
  if (res.status === 401) return 'Your session has ended: reload the page and sign in again.';
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : `The newsroom refused the request (${res.status}).`;
}

/**
 * Replies from the fediverse to a live story (decision 101): those awaiting approval first, each
 * with an Approve button, then those readers already see. Read and approved through the newsroom's
 * REST API with the session's token.
 */
export function FediverseRepliesPanel({ articleId }: { articleId: string }) {
  const path = `/api/admin/fediverse/replies/${encodeURIComponent(articleId)}`;
  const [replies, setReplies] = useState<HeldReply[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const res = await newsroomFetch(path, { headers: { Accept: 'application/json' } });
      if (!res.ok) return setError(await refusal(res));
      setReplies((await res.json()) as HeldReply[]);
    } catch {
      setError(UNREACHABLE);
    }
  }, [path]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Approves a held reply, or removes one (rejected if held, withdrawn if readers see it). */
  const act = async (reply: HeldReply, action: 'approve' | 'remove') => {
    setError(null);
    setNotice(null);
    setBusy(reply.id);
    try {
      const res = await newsroomFetch(`${path}/${action}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: reply.id }),
      });
      if (!res.ok) setError(await refusal(res));
      else {
        setNotice(action === 'approve' ? APPROVED_NOTICE : reply.approved ? WITHDRAWN_NOTICE : REJECTED_NOTICE);
        await load();
      }
    } catch {
      setError(UNREACHABLE);
    } finally {
      setBusy(null);
    }
  };

  const pending = replies?.filter((r) => !r.approved) ?? [];
  const approved = replies?.filter((r) => r.approved) ?? [];
  const item = (reply: HeldReply) => {
    const link = webLink(reply.url) ?? webLink(reply.id);
    return (
      <Paper component="li" key={reply.id} variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{reply.authorName}</strong> on {reply.server} · {formatDateTime(reply.published)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 1 }}>{reply.text}</Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {reply.approved ? (
            <Chip size="small" color="success" label="Approved" />
          ) : (
            <Button size="small" variant="contained" disabled={busy !== null} onClick={() => void act(reply, 'approve')} aria-label={`Approve the reply from ${reply.authorName}`}>
              Approve
            </Button>
          )}
          <ConfirmAction
            size="small"
            label={reply.approved ? 'Remove' : 'Reject'}
            ariaLabel={`${reply.approved ? 'Remove' : 'Reject'} the reply from ${reply.authorName}`}
            question={reply.approved ? 'Remove this reply from the story for readers?' : 'Reject this reply? It is deleted and readers never see it.'}
            confirmLabel={reply.approved ? 'Yes, remove' : 'Yes, reject'}
            disabled={busy !== null}
            onConfirm={() => void act(reply, 'remove')}
          />
          {link && (
            <a href={link} target="_blank" rel="noopener noreferrer nofollow">
              View on {reply.server}
            </a>
          )}
        </Stack>
      </Paper>
    );
  };

  return (
    <Box component="section" aria-labelledby="fediverse-replies-heading" sx={{ mt: 3 }}>
      <Typography id="fediverse-replies-heading" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Replies from the fediverse
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Typography role="status" variant="body2" sx={{ mb: 1 }}>
        {notice ?? ''}
      </Typography>
      {replies === null && !error && <Typography color="text.secondary">Loading replies...</Typography>}
      {replies?.length === 0 && <Typography color="text.secondary">No replies from the fediverse yet.</Typography>}
      {pending.length > 0 && (
        <>
          <Typography variant="h4" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
            Awaiting approval ({pending.length})
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Replies awaiting approval">
            {pending.map(item)}
          </Stack>
        </>
      )}
      {approved.length > 0 && (
        <>
          <Typography variant="h4" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
            Shown to readers ({approved.length})
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Replies shown to readers">
            {approved.map(item)}
          </Stack>
        </>
      )}
    </Box>
  );
}
