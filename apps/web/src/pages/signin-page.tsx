import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@huntforge/api-client';
import { gatewayRoutes } from '@huntforge/contracts/api';
import { useApi, useApiMutation } from '../api/hooks';
import { ErrorNote } from '../components/query-state';
import { safeNextPath } from '../components/session';
import { usePageTitle } from '../components/page-title';

/**
 * Exchanges an API token for a session cookie. The token is sent once and forgotten: the form clears
 * it, and the pages never see a credential again (the cookie is HttpOnly).
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const [token, setToken] = useState('');
  const current = useApi(gatewayRoutes.getAuthSession);
  const signIn = useApiMutation(gatewayRoutes.postAuthSession, {
    onSuccess: () => {
      setToken('');
      client.clear();
      void navigate(next, { replace: true });
    },
  });
  const authOff = current.data?.auth_mode === 'off' || (signIn.error instanceof ApiError && signIn.error.code === 'authentication_off');
  const unknownToken = signIn.error instanceof ApiError && signIn.error.status === 401;

  return (
    <main className="signin">
      <h1>Huntforge</h1>
      {authOff ? (
        <div className="notice warn">
          Authentication is off on this machine (local mode): there is nothing to sign in to. <a href="/">Open the dashboard</a>.
        </div>
      ) : current.data ? (
        <div className="notice ok">
          You are signed in as <strong>{current.data.actor}</strong>. <a href={next}>Continue</a>.
        </div>
      ) : null}
      {authOff ? null : (
        <form
          className="panel"
          onSubmit={(event) => {
            event.preventDefault();
            signIn.mutate({ body: { token } });
          }}
        >
          <h2>Sign in</h2>
          <p className="small muted">
            Paste an API token (<code>huntforge tokens create NAME --role ROLE</code> prints one). It is exchanged for a session that ends
            when you sign out or after a few hours; your role is the token&apos;s.
          </p>
          <label htmlFor="signin-token">API token</label>
          <input
            id="signin-token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="hf_…"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-invalid={unknownToken}
            aria-describedby={unknownToken ? 'signin-error' : undefined}
          />
          <div className="row">
            <button type="submit" className="primary" disabled={!token.trim() || signIn.isPending}>
              {signIn.isPending ? 'Signing in…' : 'Sign in'}
            </button>
          </div>
          <div id="signin-error">
            {unknownToken ? (
              <div className="notice bad" role="alert">
                That token is unknown or revoked. Check you copied all of it, or ask an admin for a new one.
              </div>
            ) : (
              <ErrorNote error={signIn.error} action="Signing in" />
            )}
          </div>
        </form>
      )}
    </main>
  );
}
