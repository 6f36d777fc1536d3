import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';

export const TOKEN_LABEL = 'Newsroom token';
export const TOKEN_REFUSED = 'That token was not accepted. Check it and try again.';

const DEFAULT_HINT = 'Use the token the owner gave you. It is kept in this browser tab only, until you sign out or close it.';

/**
 * Signing in to the editors' pages (the newsroom, its analytics): a token the owner created. The
 * server renders this form; it works once the page's script has loaded (the token never travels in
 * a URL, so there is no GET form).
 */
export function NewsroomSignIn({
  onSubmit,
  error,
  busy = false,
  hint = DEFAULT_HINT,
}: {
  onSubmit?: (token: string) => void;
  error?: string | null;
  busy?: boolean;
  /** What token this page needs and where it is kept. */
  hint?: string;
}) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) onSubmit?.(token.trim());
  };
  return (
    <Box component="form" onSubmit={submit} method="post" action="#" noValidate sx={{ maxWidth: 480 }} aria-labelledby="sign-in-heading">
      <Typography id="sign-in-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        Sign in
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {hint}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <TextField
        label={TOKEN_LABEL}
        name="token"
        type="password"
        autoComplete="off"
        required
        fullWidth
        value={token}
        onChange={(event) => setToken(event.target.value)}
        sx={{ mb: 2 }}
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </Box>
  );
}
