import { HttpLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { createApolloClient } from '../../islands/apollo-client';
import { mountReactIsland } from '../../islands/mount-react-island';
import { forgetNewsroomToken, keepNewsroomToken, newsroomFetch, readNewsroomToken } from '../../lib/newsroom-session';
import { NewsroomDesk } from './newsroom-desk';
import { NewsroomSignIn, TOKEN_REFUSED } from '../../components/newsroom-sign-in';

/** Every newsroom request carries the session's token (and a 401 forgets it). */
function createNewsroomClient() {
  return createApolloClient({ link: new HttpLink({ uri: '/graphql', fetch: (uri, init) => newsroomFetch(String(uri), init) }) });
}

/** Signed out: the sign-in form. Signed in: the desk, with a client of its own (nothing cached across sessions). */
export function NewsroomApp() {
  const [client, setClient] = useState(() => (readNewsroomToken() ? createNewsroomClient() : null));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (token: string) => {
    setBusy(true);
    setError(null);
    keepNewsroomToken(token);
    try {
      const res = await newsroomFetch('/api/admin/articles?limit=1');
      if (res.ok) setClient(createNewsroomClient());
      else {
        forgetNewsroomToken();
        setError(res.status === 401 || res.status === 403 ? TOKEN_REFUSED : 'The newsroom could not be reached. Try again.');
      }
    } catch {
      forgetNewsroomToken();
      setError('The newsroom could not be reached. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  const signOut = () => {
    forgetNewsroomToken();
    void client?.clearStore();
    setClient(null);
  };

  if (!client) return <NewsroomSignIn onSubmit={(token) => void signIn(token)} error={error} busy={busy} />;
  return (
    <ApolloProvider client={client}>
      <NewsroomDesk onSignOut={signOut} />
    </ApolloProvider>
  );
}

export function hydrate(element: HTMLElement): void {
  mountReactIsland(element, <NewsroomApp />);
}
