import { createContext, useContext } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '@huntforge/api-client';
import { roleSatisfies, type Role } from '@huntforge/contracts';
import { gatewayRoutes } from '@huntforge/contracts/api';
import type { AuthSessionResponse } from '@huntforge/contracts/http';
import { useApi } from '../api/hooks';
import { ErrorNote } from './query-state';

const SessionContext = createContext<AuthSessionResponse | null>(null);

/** Where the sign-in page sends the engineer back to: only a path on this site, never another origin. */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/signin') ? next : '/';
}

export function signInPath(location: { pathname: string; search: string; hash: string }): string {
  return `/signin?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}

/**
 * Loads who the pages talk as, and sends a caller without a session to the sign-in page. The server
 * enforces roles; the pages only hide what would be refused.
 */
export function SessionGate() {
  const session = useApi(gatewayRoutes.getAuthSession);
  const location = useLocation();
  if (session.isPending)
    return (
      <div className="empty" aria-busy="true">
        Connecting to Huntforge…
      </div>
    );
  if (session.error instanceof ApiError && session.error.status === 401) return <Navigate to={signInPath(location)} replace />;
  if (session.error) {
    return (
      <main className="content">
        <h1>Huntforge</h1>
        <ErrorNote error={session.error} action="Reading your session" />
      </main>
    );
  }
  return (
    <SessionContext.Provider value={session.data ?? null}>
      <Outlet />
    </SessionContext.Provider>
  );
}

export function useSession(): AuthSessionResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionGate');
  return session;
}

/** Whether the caller's role allows an action needing `role`. */
export function useCan(role: Role): boolean {
  return roleSatisfies(useSession().role, role);
}
