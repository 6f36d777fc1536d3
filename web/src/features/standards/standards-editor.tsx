import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NewsroomSignIn, TOKEN_REFUSED } from '../../components/newsroom-sign-in';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { formatDateTime } from '../../lib/dates';
import { forgetNewsroomToken, keepNewsroomToken, newsroomFetch, readNewsroomToken } from '../../lib/newsroom-session';
import { markdownToHtml } from './markdown-html';
import { Prose } from './standards-page';
import { fillSettings, STANDARDS_PAGES } from './standards-pages';

export const STANDARDS_EDITOR_PATH = '/newsroom/standards';
/** The server's limit (schema: MAX_STANDARDS_MARKDOWN_LENGTH), shown as the text is typed. */
export const MAX_MARKDOWN_LENGTH = 50_000;
export const FORBIDDEN_MESSAGE = 'This token may not edit the standards pages: the owner’s admin token is needed.';

/** A page as the newsroom's API answers it: its stored text, or null when it shows the text kept with the code. */
interface StoredPage {
  slug: string;
  markdown: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

type State =
  | { kind: 'signed-out'; error?: string }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; pages: StoredPage[] };

type Notice = { severity: 'success' | 'error'; message: string; path?: string } | null;

const slugOf = (path: string) => path.slice(1);

/** The message of a refused save: the server's fields named, else the status. */
async function problemOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string; errors?: { field: string; message: string }[] };
    if (body.errors?.length) return body.errors.map((e) => e.message).join('. ');
    if (body.message) return body.message;
  } catch {
    // not JSON: the status says it
  }
  return `The page could not be saved (${res.status}). Try again shortly.`;
}

/**
 * The owner's editor of the standards pages (decision 127): pick a page, change its Markdown,
 * preview it as readers will see it, save. The page shows the saved text from the next request; a
 * page never saved shows the text kept with the site's code, which "Restore" brings back.
 */
export function StandardsEditor() {
  const config = useSiteConfig();
  const settings = { siteName: config.siteName, domain: siteHost(config), email: config.contactEmail };
  const [state, setState] = useState<State>({ kind: 'signed-out' });
  const [slug, setSlug] = useState(slugOf(STANDARDS_PAGES[0].path));
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const res = await newsroomFetch('/api/admin/standards-pages');
      if (res.status === 401) setState({ kind: 'signed-out', error: TOKEN_REFUSED });
      else if (res.status === 403) {
        forgetNewsroomToken();
        setState({ kind: 'signed-out', error: FORBIDDEN_MESSAGE });
      } else if (!res.ok) setState({ kind: 'failed', message: `The pages could not be loaded (${res.status}). Try again shortly.` });
      else setState({ kind: 'ready', pages: (await res.json()) as StoredPage[] });
    } catch {
      setState({ kind: 'failed', message: 'The pages could not be loaded: the site did not answer. Try again shortly.' });
    }
  }, []);

  useEffect(() => {
    // The token lives in this tab's session storage: only the browser knows it.
    if (readNewsroomToken()) void load();
  }, [load]);

  if (state.kind === 'signed-out') {
    return (
      <NewsroomSignIn
        hint="The standards pages are the owner’s: use the admin token. It is kept in this browser tab only."
        error={state.error}
        onSubmit={(token) => {
          keepNewsroomToken(token);
          void load();
        }}
      />
    );
  }
  if (state.kind === 'loading') return <Typography role="status">Loading the standards pages...</Typography>;
  if (state.kind === 'failed') return <Alert severity="error">{state.message}</Alert>;

  const page = STANDARDS_PAGES.find((p) => slugOf(p.path) === slug) ?? STANDARDS_PAGES[0];
  const stored = state.pages.find((p) => p.slug === slug) ?? null;
  const current = text ?? stored?.markdown ?? page.markdown;
  const tooLong = current.length > MAX_MARKDOWN_LENGTH;

  const choose = (next: string) => {
    setSlug(next);
    setText(null);
    setNotice(null);
  };

  const send = async (init: RequestInit, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const res = await newsroomFetch(`/api/admin/standards-pages/${slug}`, init);
      if (res.status === 401) {
        setState({ kind: 'signed-out', error: TOKEN_REFUSED });
        return;
      }
      if (!res.ok) {
        setNotice({ severity: 'error', message: await problemOf(res) });
        return;
      }
      setText(null);
      setNotice({ severity: 'success', message: done, path: page.path });
      await load();
    } catch {
      setNotice({ severity: 'error', message: 'The site did not answer: nothing was saved. Try again shortly.' });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void send({ method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ markdown: current }) }, `Saved. ${page.title} shows the new text now.`);
  };

  const restore = () => void send({ method: 'DELETE' }, `${page.title} shows the text kept with the site’s code again.`);

  return (
    <Box component="form" onSubmit={save} noValidate aria-label="Edit a standards page">
      <Stack spacing={2.5}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <TextField
            select
            label="Page"
            value={slug}
            onChange={(event) => choose(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 260 }}
          >
            {STANDARDS_PAGES.map((p) => (
              <option key={p.path} value={slugOf(p.path)}>
                {p.title}
              </option>
            ))}
          </TextField>
          <Button
            variant="text"
            onClick={() => {
              forgetNewsroomToken();
              setState({ kind: 'signed-out' });
            }}
          >
            Sign out
          </Button>
        </Stack>

        <Typography color="text.secondary">
          {stored?.updatedAt
            ? `Saved ${formatDateTime(stored.updatedAt)} by ${stored.updatedBy}.`
            : 'Never edited: the page shows the text kept with the site’s code.'}{' '}
          <a href={page.path}>Open {page.path}</a>
        </Typography>

        {notice && (
          <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
            {notice.message}
            {notice.path && (
              <>
                {' '}
                <a href={notice.path}>View the page</a>
              </>
            )}
          </Alert>
        )}

        <TextField
          label="Markdown"
          name="markdown"
          multiline
          minRows={14}
          maxRows={40}
          value={current}
          onChange={(event) => setText(event.target.value)}
          error={tooLong || current.trim() === ''}
          helperText={`${current.length.toLocaleString('en-AU')} of ${MAX_MARKDOWN_LENGTH.toLocaleString('en-AU')} characters. ## for a heading, - for a list, [words](https://…) for a link. {siteName}, {domain} and {email} are filled in from the site settings; HTML is shown as text.`}
          slotProps={{ htmlInput: { spellCheck: true, lang: 'en-AU' } }}
          fullWidth
        />

        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <Button type="submit" variant="contained" disabled={busy || tooLong || current.trim() === ''}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="outlined" onClick={() => setPreview((shown) => !shown)} aria-expanded={preview} aria-controls="standards-preview">
            {preview ? 'Hide preview' : 'Preview'}
          </Button>
          <Button variant="text" color="warning" onClick={restore} disabled={busy || !stored?.markdown}>
            Restore the original text
          </Button>
        </Stack>

        {preview && (
          <Paper id="standards-preview" variant="outlined" component="section" aria-label="Preview" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.6rem', mb: 2 }}>
              {page.title}
            </Typography>
            {/* The same renderer as the page: raw HTML shown as text, only safe links. */}
            <Prose dangerouslySetInnerHTML={{ __html: markdownToHtml(fillSettings(current, settings)) }} />
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
