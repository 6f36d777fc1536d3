import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NewsroomSignIn } from '../../components/newsroom-sign-in';
import { forgetNewsroomToken, keepNewsroomToken, newsroomFetch, readNewsroomToken } from '../../lib/newsroom-session';
import { countryName, type DashboardData, formatCount, formatVital, RANGES, type Range, RATING_LABELS, shortDay, VITAL_NAMES } from './analytics-data';


/**
 * Series colours: mid tones with at least 3:1 contrast on the light (#ffffff) and the dark
 * (#131c2e) paper, since SVG fills cannot follow the theme's CSS variables.
 */
const VIEWS_COLOUR = '#3b82f6';
const VISITORS_COLOUR = '#d9690f';

type State =
  | { kind: 'signed-out'; error?: string }
  | { kind: 'loading' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; data: DashboardData };


function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Figures({ data }: { data: DashboardData }) {
  const figures = [
    { label: 'Page views', value: data.totals.views },
    { label: 'Visitors', value: data.totals.visitors },
  ];
  return (
    <Box component="dl" sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', m: 0, mb: 3 }}>
      {figures.map((f) => (
        <Box key={f.label}>
          <Typography component="dt" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '2rem', fontWeight: 800 }}>
            {formatCount(f.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A two-column table of counts with its caption, or a line saying there is nothing yet. */
function Counts({ id, rows, label, unit, empty }: { id: string; rows: { key: string; label: React.ReactNode; value: number }[]; label: string; unit: string; empty: string }) {
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Table size="small" aria-labelledby={id}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">{label}</TableCell>
          <TableCell component="th" scope="col" align="right">{unit}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell component="th" scope="row">{r.label}</TableCell>
            <TableCell align="right">{formatCount(r.value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Followers of the site's accounts as they stand now (not per range). */
function FediverseFollowers({ data }: { data: DashboardData }) {
  const rows = data.fediverse.followers.map((f) => ({ key: f.handle, label: `${f.name} (${f.handle})`, value: f.followers }));
  return (
    <Section id="analytics-fediverse" title="Fediverse followers">
      <Counts id="analytics-fediverse" rows={rows} label="Account" unit="Followers" empty="No fediverse accounts yet." />
    </Section>
  );
}

/** What agents read of the text written for them (Markdown, /llms.txt) in the range. */
function AgentReads({ data }: { data: DashboardData }) {
  const { agents, top } = data.agentReads;
  return (
    <Section id="analytics-agents" title="Read by agents">
      <Counts id="analytics-agents" rows={agents.map((a) => ({ key: a.agent, label: a.agent, value: a.reads }))} label="Agent" unit="Reads" empty="No agent has read the site's Markdown or llms.txt in this range yet." />
      {top.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography id="analytics-agent-paths" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            Most read by agents
          </Typography>
          <Counts id="analytics-agent-paths" rows={top.map((t) => ({ key: `${t.agent} ${t.path}`, label: <><a href={t.path}>{t.path}</a> by {t.agent}</>, value: t.reads }))} label="Path" unit="Reads" empty="" />
        </Box>
      )}
    </Section>
  );
}

/** Subscribers as they stand now; unsubscriptions and digests sent within the chosen range. */
function Newsletter({ data }: { data: DashboardData }) {
  const n = data.newsletter;
  const rows = [
    { label: 'Daily digest subscribers', value: n.confirmed.daily },
    { label: 'Weekly digest subscribers', value: n.confirmed.weekly },
    { label: 'Confirmed addresses (either list)', value: n.confirmed.addresses },
    { label: 'Waiting for confirmation', value: n.pending },
    { label: 'Unsubscribed in this range', value: n.unsubscribes },
    { label: 'Digest e-mails sent in this range', value: n.digestsSent },
  ];
  return (
    <Section id="analytics-newsletter" title="Newsletter">
      <Counts id="analytics-newsletter" rows={rows.map((r) => ({ key: r.label, ...r }))} label="Figure" unit="Count" empty="" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        An address on both lists counts in each. A confirmation link works for 48 hours.
      </Typography>
    </Section>
  );
}

// The charts draw only in the browser, after the figures load: the server never renders them, and
// keeps their library (about 28 MB resident) out of its memory.
const LineChart = lazy(() => import('@mui/x-charts/LineChart').then((m) => ({ default: m.LineChart })));
const BarChart = lazy(() => import('@mui/x-charts/BarChart').then((m) => ({ default: m.BarChart })));

/** Where a chart will be, while its library loads. */
function ChartSpace() {
  return <Box role="status" aria-label="Drawing the chart" sx={{ minHeight: 160 }} />;
}

function Dashboard({ data }: { data: DashboardData }) {
  const days = data.daily.map((d) => shortDay(d.day));
  const templates = [...new Set(data.vitals.map((v) => v.template))].sort();
  const vital = (template: string, metric: (typeof VITAL_NAMES)[number]) => data.vitals.find((v) => v.template === template && v.metric === metric);
  const lcp = templates.flatMap((template) => {
    const found = vital(template, 'LCP');
    return found ? [{ template, p75: Math.round(found.p75) }] : [];
  });
  return (
    <>
      <Figures data={data} />
      <Section id="analytics-daily" title="Daily page views and visitors">
        <Box component="figure" sx={{ m: 0 }}>
          <Suspense fallback={<ChartSpace />}>
            <LineChart
              height={280}
              xAxis={[{ scaleType: 'point', data: days }]}
              yAxis={[{ min: 0 }]}
              series={[
                { id: 'views', label: 'Page views', data: data.daily.map((d) => d.views), color: VIEWS_COLOUR, showMark: false },
                { id: 'visitors', label: 'Visitors', data: data.daily.map((d) => d.visitors), color: VISITORS_COLOUR, showMark: false },
              ]}
            />
          </Suspense>
          <Typography component="figcaption" variant="body2" color="text.secondary">
            {formatCount(data.totals.views)} page views and {formatCount(data.totals.visitors)} visitors from {shortDay(data.from)} to {shortDay(data.to)} ({data.timeZone} days). A
            visitor is counted once a day.
          </Typography>
        </Box>
      </Section>

      <Newsletter data={data} />

      <Section id="analytics-articles" title="Top articles">
        {data.topArticles.length === 0 ? (
          <Typography color="text.secondary">No article views in this range yet.</Typography>
        ) : (
          <Table size="small" aria-labelledby="analytics-articles">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">Article</TableCell>
                <TableCell component="th" scope="col" align="right">Page views</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.topArticles.map((a) => (
                <TableRow key={a.articleId}>
                  <TableCell component="th" scope="row">
                    <a href={a.path}>{a.title ?? `${a.path} (deleted)`}</a>
                  </TableCell>
                  <TableCell align="right">{formatCount(a.views)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section id="analytics-referrers" title="Top referrers">
        {data.topReferrers.length === 0 ? (
          <Typography color="text.secondary">No visits from other sites in this range yet.</Typography>
        ) : (
          <>
            <Suspense fallback={<ChartSpace />}>
              <BarChart
                height={Math.max(160, 36 * data.topReferrers.length)}
                layout="horizontal"
                yAxis={[{ scaleType: 'band', data: data.topReferrers.map((r) => r.host), width: 140 }]}
                xAxis={[{ min: 0 }]}
                series={[{ id: 'referrers', label: 'Page views', data: data.topReferrers.map((r) => r.views), color: VIEWS_COLOUR }]}
                hideLegend
              />
            </Suspense>
            <Table size="small" aria-labelledby="analytics-referrers">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">Referrer</TableCell>
                  <TableCell component="th" scope="col" align="right">Page views</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.topReferrers.map((r) => (
                  <TableRow key={r.host}>
                    <TableCell component="th" scope="row">{r.host}</TableCell>
                    <TableCell align="right">{formatCount(r.views)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Section>

      <Section id="analytics-countries" title="Countries">
        {data.countries.length === 0 ? (
          <Typography color="text.secondary">No page views in this range yet.</Typography>
        ) : (
          <Table size="small" aria-labelledby="analytics-countries">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">Country</TableCell>
                <TableCell component="th" scope="col" align="right">Page views</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.countries.map((c) => (
                <TableRow key={c.country}>
                  <TableCell component="th" scope="row">{countryName(c.country)}</TableCell>
                  <TableCell align="right">{formatCount(c.views)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <FediverseFollowers data={data} />

      <AgentReads data={data} />

      <Section id="analytics-vitals" title="Core Web Vitals (p75 per page template)">
        {templates.length === 0 ? (
          <Typography color="text.secondary">No Web Vitals reported in this range yet.</Typography>
        ) : (
          <>
            {lcp.length > 0 && (
              <Suspense fallback={<ChartSpace />}>
                <BarChart
                  height={220}
                  xAxis={[{ scaleType: 'band', data: lcp.map((l) => l.template) }]}
                  yAxis={[{ min: 0, label: 'LCP p75 (ms)' }]}
                  series={[{ id: 'lcp', label: 'LCP p75 (ms)', data: lcp.map((l) => l.p75), color: VISITORS_COLOUR }]}
                  hideLegend
                />
              </Suspense>
            )}
            {/* Wider than a phone: the scroll region takes focus, so the keyboard can scroll it too. */}
            <Box role="region" tabIndex={0} aria-label="Web vitals table (scrolls sideways)" data-testid="vitals-scroll" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="analytics-vitals">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">Template</TableCell>
                    {VITAL_NAMES.map((name) => (
                      <TableCell key={name} component="th" scope="col" align="right">{name}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {templates.map((template) => (
                    <TableRow key={template}>
                      <TableCell component="th" scope="row">{template}</TableCell>
                      {VITAL_NAMES.map((name) => {
                        const v = vital(template, name);
                        return (
                          <TableCell key={name} align="right">
                            {v ? (
                              <>
                                {formatVital(name, v.p75)}
                                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                                  {RATING_LABELS[v.rating]}, {formatCount(v.samples)} {v.samples === 1 ? 'sample' : 'samples'}
                                </Typography>
                              </>
                            ) : (
                              '–'
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </Section>
    </>
  );
}

/**
 * The owner's audience dashboard. The server renders the sign-in form; in the browser, a token
 * kept for this tab loads the figures at once, and the range toggles between 30 and 90 days.
 */
export function AnalyticsDashboard() {
  const [state, setState] = useState<State>({ kind: 'signed-out' });
  const [range, setRange] = useState<Range>(RANGES[0]);

  const load = useCallback(async (days: Range) => {
    setState({ kind: 'loading' });
    try {
      const res = await newsroomFetch(`/api/admin/analytics?days=${days}`);
      if (res.status === 401) setState({ kind: 'signed-out', error: 'That token was not accepted. Check it and try again.' });
      else if (res.status === 403) setState({ kind: 'forbidden', message: 'This token may not see audience figures: the admin role is needed.' });
      else if (!res.ok) setState({ kind: 'failed', message: `The figures could not be loaded (${res.status}). Try again shortly.` });
      else setState({ kind: 'ready', data: (await res.json()) as DashboardData });
    } catch {
      setState({ kind: 'failed', message: 'The figures could not be loaded: the site did not answer. Try again shortly.' });
    }
  }, []);

  useEffect(() => {
    // The token lives in this tab's session storage: only the browser knows it.
    if (readNewsroomToken()) void load(RANGES[0]);
  }, [load]);

  const signOut = () => {
    forgetNewsroomToken();
    setState({ kind: 'signed-out' });
  };

  if (state.kind === 'signed-out') {
    return (
      <NewsroomSignIn
        hint="Audience figures are for the owner: use an admin token. It is kept in this browser tab only."
        error={state.error}
        onSubmit={(token) => {
          keepNewsroomToken(token);
          void load(range);
        }}
      />
    );
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          aria-label="Range"
          onChange={(_event, next: Range | null) => {
            if (next === null || next === range) return;
            setRange(next);
            void load(next);
          }}
        >
          {RANGES.map((days) => (
            <ToggleButton key={days} value={days}>
              {days} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button variant="outlined" onClick={signOut}>
          Sign out
        </Button>
      </Box>
      {state.kind === 'loading' && <Typography role="status">Loading audience figures...</Typography>}
      {(state.kind === 'forbidden' || state.kind === 'failed') && <Alert severity="error">{state.message}</Alert>}
      {state.kind === 'ready' && <Dashboard data={state.data} />}
    </Box>
  );
}
