import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { type CorrectionKind, NewsroomArticleCorrectionsDocument } from '../../graphql/graphql';
import { formatDateTime } from '../../lib/dates';
import type { Problems } from './graphql-problems';
import { restJson } from './newsroom-rest';

const KIND_LABELS: Record<CorrectionKind, string> = { CORRECTION: 'Correction', CLARIFICATION: 'Clarification' };

interface AddedCorrection {
  id: number;
  kind: 'correction' | 'clarification';
}

/**
 * A published story's corrections and clarifications: the earlier ones, newest first, and a form to
 * add one through POST /api/admin/articles/{id}/corrections. Readers see it above the story at their
 * next request; it is never edited or removed (decision 091), so the form says so before it is sent.
 */
export function CorrectionsPanel({ articleId }: { articleId: string }) {
  const earlier = useQuery(NewsroomArticleCorrectionsDocument, { variables: { id: articleId }, fetchPolicy: 'network-only' });
  const [kind, setKind] = useState<CorrectionKind>('CORRECTION');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [added, setAdded] = useState<{ label: string; href: string } | null>(null);
  const corrections = earlier.data?.editorArticle.corrections ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems(null);
    setAdded(null);
    setBusy(true);
    const result = await restJson<AddedCorrection>(`/api/admin/articles/${encodeURIComponent(articleId)}/corrections`, {
      method: 'POST',
      body: { kind: kind.toLowerCase(), text },
    });
    setBusy(false);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setAdded({ label: KIND_LABELS[kind], href: `/articles/${articleId}#correction-${result.body.id}` });
    setText('');
    void earlier.refetch();
  };

  return (
    <Box component="section" aria-labelledby="corrections-heading" sx={{ mt: 3 }}>
      <Typography id="corrections-heading" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Corrections and Clarifications
      </Typography>
      {added && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {added.label} added: readers see it above the story now. <Link href={added.href}>View on site</Link>
        </Alert>
      )}
      {earlier.error && <Alert severity="error">The earlier corrections could not be read.</Alert>}
      {earlier.data && corrections.length === 0 && <Typography color="text.secondary">None yet.</Typography>}
      {corrections.length > 0 && (
        <Box component="ol" sx={{ pl: 3, mt: 0 }} aria-label="Earlier corrections">
          {corrections.map((c) => (
            <li key={c.id}>
              <Typography variant="body2">
                <strong>
                  {KIND_LABELS[c.kind]}, {formatDateTime(c.createdAt)}:
                </strong>{' '}
                {c.text}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Stack component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate spacing={2} sx={{ mt: 2 }} aria-label="Add a correction">
        {problems && <Alert severity="error">{problems.message}</Alert>}
        <TextField
          select
          label="Kind"
          size="small"
          value={kind}
          onChange={(e) => setKind(e.target.value as CorrectionKind)}
          disabled={busy}
          error={Boolean(problems?.fields.kind)}
          helperText={problems?.fields.kind}
          sx={{ maxWidth: 240 }}
        >
          {(Object.keys(KIND_LABELS) as CorrectionKind[]).map((k) => (
            <MenuItem key={k} value={k}>
              {KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={`${KIND_LABELS[kind]} text`}
          required
          multiline
          minRows={2}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={busy}
          error={Boolean(problems?.fields.text)}
          helperText={problems?.fields.text ?? 'Plain text: what was wrong and what is right. Once added it cannot be changed or removed; a mistake is answered by another.'}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={busy || !text.trim()}>
            Add {KIND_LABELS[kind]}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
