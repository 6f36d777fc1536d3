import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  type ArticleKind,
  type ArticleState,
  NewsroomArticlesDocument,
  type ArticleEditor_ArticleFragment,
  NewsroomCreateTickerItemDocument,
  NewsroomDeleteTickerItemDocument,
  NewsroomPartnersDocument,
  NewsroomReorderTickerDocument,
  NewsroomRevisionsDocument,
  NewsroomTickerDocument,
  NewsroomUpdatePartnerDocument,
} from '../../graphql/graphql';
import { ARTICLE_KIND_LABELS } from '../../lib/article-kinds';
import { formatDateTime } from '../../lib/dates';
import { ConfirmAction } from './confirm-action';
import { FediverseRepliesPanel } from './fediverse-replies-panel';
import { ArticleEditor, type SavedNotice, SavedNoticeAlert } from './article-editor';
import { AuthorsPanel } from './authors-panel';
import { CorrectionsPanel } from './corrections-panel';
import { BlockedServersPanel } from './blocked-servers-panel';
import { problemsOf } from './graphql-problems';
import { useNewsroomAuthors } from './newsroom-authors';

const STATE_LABELS: Record<ArticleState, string> = { DRAFT: 'Draft', SCHEDULED: 'Scheduled', LIVE: 'Live' };
const STATE_COLOURS: Record<ArticleState, 'default' | 'info' | 'success'> = { DRAFT: 'default', SCHEDULED: 'info', LIVE: 'success' };
/** Every kind by name for the filter: readers see no badge on news, editors still filter by it. */
const KIND_LABELS: Record<ArticleKind, string> = { NEWS: 'News', ANALYSIS: 'Analysis', OPINION: 'Opinion', EXPLAINER: 'Explainer', SPONSORED: 'Sponsored' };

/** Which story the editor form holds: none, a new one, or an existing one. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'article'; article: ArticleEditor_ArticleFragment };

/**
 * The signed-in newsroom: the article list with filters (status, category, kind), the editor and
 * preview, a live story's corrections, revisions, the authors, the ticker and partners.
 */
export function NewsroomDesk({ onSignOut }: { onSignOut: () => void }) {
  const [state, setState] = useState<ArticleState | ''>('');
  const [category, setCategory] = useState('');
  const [kind, setKind] = useState<ArticleKind | ''>('');
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  // A new form per story: the key resets it.
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<SavedNotice | null>(null);
  const articles = useQuery(NewsroomArticlesDocument, {
    // Filtered in the query, so every page fetched holds only the chosen kind.
    variables: { state: state || null, category: category || null, kind: kind || null },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const categories = articles.data?.categories ?? [];
  const authors = useNewsroomAuthors();

  const edit = (next: Editing) => {
    setEditing(next);
    setFormKey((k) => k + 1);
  };

  const saved = (article: ArticleEditor_ArticleFragment, savedNotice: SavedNotice) => {
    setNotice(savedNotice);
    edit({ kind: 'article', article });
    void articles.refetch();
  };

  return (
    <Stack spacing={5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Button variant="contained" onClick={() => edit({ kind: 'new' })}>
          New Article
        </Button>
        <Button component="a" href={ANALYTICS_PATH} variant="outlined">
          Audience analytics
        </Button>
        <Button component="a" href={STANDARDS_PATH} variant="outlined">
          Standards pages
        </Button>
        <Button variant="text" onClick={onSignOut}>
          Sign out
        </Button>
      </Stack>

      {notice && <SavedNoticeAlert notice={notice} />}

      {editing.kind !== 'none' && categories.length > 0 && (
        <Box>
          <ArticleEditor key={formKey} article={editing.kind === 'article' ? editing.article : null} categories={categories} authors={authors} onSaved={saved} />
          {editing.kind === 'article' && editing.article.state === 'LIVE' && <CorrectionsPanel key={editing.article.id} articleId={editing.article.id} />}
          {editing.kind === 'article' && editing.article.state === 'LIVE' && <FediverseRepliesPanel key={`replies-${editing.article.id}`} articleId={editing.article.id} />}
          {editing.kind === 'article' && <Revisions key={editing.article.updatedAt} articleId={editing.article.id} />}
        </Box>
      )}

      <Box component="section" aria-labelledby="articles-heading">
        <Typography id="articles-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          Articles
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField select label="Filter by status" size="small" value={state} onChange={(e) => setState(e.target.value as ArticleState | '')} sx={{ minWidth: 160 }}>
            <MenuItem value="">All</MenuItem>
            {(Object.keys(STATE_LABELS) as ArticleState[]).map((s) => (
              <MenuItem key={s} value={s}>
                {STATE_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Filter by category" size="small" value={category} onChange={(e) => setCategory(e.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="">All</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Filter by type" size="small" value={kind} onChange={(e) => setKind(e.target.value as ArticleKind | '')} sx={{ minWidth: 160 }}>
            <MenuItem value="">All</MenuItem>
            {(Object.keys(KIND_LABELS) as ArticleKind[]).map((k) => (
              <MenuItem key={k} value={k}>
                {KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {articles.error && <Alert severity="error">{problemsOf(articles.error).message}</Alert>}
        {!articles.data && articles.loading && <Typography role="status">Loading articles...</Typography>}
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Articles">
          {articles.data?.editorArticles.nodes.map((article) => (
            <Paper component="li" key={article.id} variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Chip size="small" label={STATE_LABELS[article.state]} color={STATE_COLOURS[article.state]} />
              {ARTICLE_KIND_LABELS[article.kind] && <Chip size="small" variant="outlined" label={ARTICLE_KIND_LABELS[article.kind]} />}
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>{article.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {article.category.name} · {formatDateTime(article.publishedAt)} · {article.author}
                  {article.isBreaking ? ' · Breaking' : ''}
                </Typography>
              </Box>
              <Button size="small" variant="outlined" onClick={() => edit({ kind: 'article', article })} aria-label={`Edit ${article.title}`}>
                Edit
              </Button>
            </Paper>
          ))}
        </Stack>
        {articles.data?.editorArticles.nodes.length === 0 && <Typography color="text.secondary">No articles match these filters.</Typography>}
        {articles.data?.editorArticles.pageInfo.hasNextPage && (
          <Button
            sx={{ mt: 2 }}
            disabled={articles.loading}
            onClick={() =>
              void articles.fetchMore({
                variables: { after: articles.data?.editorArticles.pageInfo.endCursor },
                updateQuery: (previous, { fetchMoreResult }) => ({
                  ...fetchMoreResult,
                  editorArticles: { ...fetchMoreResult.editorArticles, nodes: [...previous.editorArticles.nodes, ...fetchMoreResult.editorArticles.nodes] },
                }),
              })
            }
          >
            Load More
          </Button>
        )}
      </Box>

      <Divider />
      {categories.length > 0 && (
        <AuthorsPanel
          authors={authors}
          categories={categories}
          onChanged={() => {
            authors.reload();
            // A renamed author's bylines were rewritten with the name.
            void articles.refetch();
          }}
        />
      )}
      <Divider />
      <TickerPanel />
      <Divider />
      <PartnersPanel />
      <Divider />
      <BlockedServersPanel />
    </Stack>
  );
}

/** The owner's audience dashboard. */
const ANALYTICS_PATH = '/newsroom/analytics';
/** The owner's editor of the standards pages (features/standards: a page of its own). */
const STANDARDS_PATH = '/newsroom/standards';

const ACTION_LABELS = { CREATE: 'Created', UPDATE: 'Updated', UNPUBLISH: 'Unpublished', DELETE: 'Deleted' } as const;

/** The story's recent revisions: who changed what, when. Mounted again after every save (keyed by updatedAt). */
function Revisions({ articleId }: { articleId: string }) {
  const { data } = useQuery(NewsroomRevisionsDocument, { variables: { articleId }, fetchPolicy: 'network-only' });
  const revisions = data?.articleRevisions.nodes ?? [];
  return (
    <Box component="section" aria-labelledby="revisions-heading" sx={{ mt: 3 }}>
      <Typography id="revisions-heading" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Recent Revisions
      </Typography>
      {revisions.length === 0 && <Typography color="text.secondary">No revisions yet.</Typography>}
      <Box component="ol" sx={{ pl: 3, m: 0 }}>
        {revisions.map((revision) => (
          <li key={revision.id}>
            <Typography variant="body2">
              {ACTION_LABELS[revision.action]} by {revision.editor} on {formatDateTime(revision.createdAt)}
              {revision.changes.length > 0 && `: ${revision.changes.map((c) => c.field).join(', ')}`}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The ticker: every headline in order with its state; add one, move one up, remove one. */
function TickerPanel() {
  const ticker = useQuery(NewsroomTickerDocument, { fetchPolicy: 'network-only' });
  const [create, created] = useMutation(NewsroomCreateTickerItemDocument);
  const [remove] = useMutation(NewsroomDeleteTickerItemDocument);
  const [reorder] = useMutation(NewsroomReorderTickerDocument);
  const [title, setTitle] = useState('');
  const [articleId, setArticleId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = ticker.data?.editorBreakingNews ?? [];

  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await ticker.refetch();
    } catch (e) {
      const problems = problemsOf(e);
      setError(Object.values(problems.fields)[0] ? `${problems.message}: ${Object.entries(problems.fields).map(([f, m]) => `${f} ${m}`).join('; ')}` : problems.message);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await create({ variables: { input: { title, articleId: articleId.trim() || null } } });
      setTitle('');
      setArticleId('');
    });
  };

  return (
    <Box component="section" aria-labelledby="ticker-heading">
      <Typography id="ticker-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        Breaking News Ticker
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="ol" sx={{ pl: 3, mt: 0 }} aria-label="Ticker headlines">
        {items.map((item, i) => (
          <li key={item.id}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}>
              <Typography sx={{ flex: 1, minWidth: 200 }}>{item.title}</Typography>
              {!item.active && <Chip size="small" label="Expired" />}
              {item.articleId && <Chip size="small" variant="outlined" label={`Article ${item.articleId}`} />}
              <Button size="small" disabled={i === 0} onClick={() => void act(() => reorder({ variables: { ids: [...items.slice(0, i - 1), item, items[i - 1]].map((x) => x.id) } }))} aria-label={`Move up ${item.title}`}>
                Move Up
              </Button>
              <ConfirmAction
                size="small"
                label="Remove"
                ariaLabel={`Remove ${item.title}`}
                question="Remove it from the ticker?"
                confirmLabel="Yes, remove"
                onConfirm={() => void act(() => remove({ variables: { id: item.id } }))}
              />
            </Stack>
          </li>
        ))}
      </Box>
      <Stack component="form" onSubmit={add} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }} aria-label="Add a headline">
        <TextField label="Headline" size="small" required value={title} onChange={(e) => setTitle(e.target.value)} sx={{ flex: 1 }} />
        <TextField label="Article id (optional)" size="small" value={articleId} onChange={(e) => setArticleId(e.target.value)} />
        <Button type="submit" variant="outlined" disabled={created.loading || !title.trim()}>
          Add Headline
        </Button>
      </Stack>
    </Box>
  );
}

/** Partners: each placement and whether readers see it; a switch turns one on or off. */
function PartnersPanel() {
  const partners = useQuery(NewsroomPartnersDocument, { fetchPolicy: 'network-only' });
  const [update] = useMutation(NewsroomUpdatePartnerDocument);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (id: string, enabled: boolean) => {
    setError(null);
    try {
      await update({ variables: { id, input: { enabled } } });
      await partners.refetch();
    } catch (e) {
      setError(problemsOf(e).message);
    }
  };
  return (
    <Box component="section" aria-labelledby="partners-heading">
      <Typography id="partners-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        Partners
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Partners">
        {partners.data?.editorPartners.map((partner) => (
          <Paper component="li" key={partner.id} variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography sx={{ fontWeight: 600 }}>{partner.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {partner.placement === 'SIDEBAR' ? 'Sidebar' : 'Promotion'} · {partner.offer}
              </Typography>
            </Box>
            <FormControlLabel
              control={<Switch checked={partner.enabled} onChange={(e) => void toggle(partner.id, e.target.checked)} />}
              label={partner.enabled ? 'Shown' : 'Hidden'}
              aria-label={`Show ${partner.name}`}
            />
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
