import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { restJson } from './newsroom-rest';

/** A server as GET /api/admin/fediverse/blocked-servers lists it. */
export interface BlockedServer {
  domain: string;
  fromConfiguration: boolean;
  blockedBy?: string;
}

const PATH = '/api/admin/fediverse/blocked-servers';

type State = { kind: 'loading' } | { kind: 'ready'; servers: BlockedServer[] } | { kind: 'owner-only' } | { kind: 'failed'; message: string };

/**
 * The owner's list of fediverse servers whose activities the inboxes refuse (their subdomains
 * too): block one by its host, a URL or a handle; unblock it. Servers the configuration blocks are
 * shown and changed only there. Editors without the owner's role see that it is the owner's.
 */
export function BlockedServersPanel() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await restJson<BlockedServer[]>(PATH);
    if (result.ok) setState({ kind: 'ready', servers: result.body });
    else if (result.status === 403) setState({ kind: 'owner-only' });
    else setState({ kind: 'failed', message: result.problems.message });
  }, []);
  useEffect(() => void load(), [load]);

  const block = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setNotice('');
    setBusy(true);
    const result = await restJson<BlockedServer>(PATH, { method: 'POST', body: { domain } });
    setBusy(false);
    if (!result.ok) return setProblem(result.problems.fields.domain ?? result.problems.message);
    setDomain('');
    setNotice(`Blocked: ${result.body.domain} and its subdomains. Their activities are refused from now on.`);
    await load();
  };

  const unblock = async (server: BlockedServer) => {
    setProblem(null);
    setNotice('');
    setBusy(true);
    const result = await restJson<unknown>(`${PATH}/${encodeURIComponent(server.domain)}`, { method: 'DELETE' });
    setBusy(false);
    if (!result.ok && result.status !== 404) return setProblem(result.problems.message);
    setNotice(`Unblocked: ${server.domain}.`);
    await load();
  };

  return (
    <Box component="section" aria-labelledby="blocked-servers-heading">
      <Typography id="blocked-servers-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        Blocked Fediverse Servers
      </Typography>
      {state.kind === 'loading' && <Typography role="status">Loading blocked servers...</Typography>}
      {state.kind === 'owner-only' && <Typography color="text.secondary">Only the owner blocks fediverse servers.</Typography>}
      {state.kind === 'failed' && <Alert severity="error">{state.message}</Alert>}
      {state.kind === 'ready' && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Activities from these servers and their subdomains (follows, replies) are refused at the inbox.
          </Typography>
          <Stack component="form" direction="row" spacing={1.5} useFlexGap onSubmit={(e: FormEvent) => void block(e)} noValidate sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
            <TextField
              label="Server to block"
              size="small"
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              error={Boolean(problem)}
              helperText={problem ?? 'A host (spam.example), an address or a handle on it.'}
              disabled={busy}
              sx={{ minWidth: 280 }}
            />
            <Button type="submit" variant="outlined" color="error" disabled={busy}>
              Block Server
            </Button>
          </Stack>
          <Typography role="status" variant="body2" sx={{ mb: 1 }}>
            {notice}
          </Typography>
          {state.servers.length === 0 ? (
            <Typography color="text.secondary">No server is blocked.</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Blocked servers">
              {state.servers.map((server) => (
                <Paper component="li" key={server.domain} variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Typography sx={{ flex: 1, minWidth: 200, overflowWrap: 'anywhere' }}>{server.domain}</Typography>
                  {server.fromConfiguration ? (
                    <Typography variant="body2" color="text.secondary">
                      Set in the configuration
                    </Typography>
                  ) : (
                    <Button size="small" variant="text" disabled={busy} onClick={() => void unblock(server)} aria-label={`Unblock ${server.domain}`}>
                      Unblock
                    </Button>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
