import { createContext, useContext, type ReactNode } from 'react';
import { gatewayRoutes, roleSatisfies, type AuthSessionResponse, type Role } from '@huntforge/contracts';
import { useApi } from '../api/hooks';
import { ErrorNote } from './query-state';

const SessionContext = createContext<AuthSessionResponse | null>(null);

/** Loads who the pages talk as; the server enforces roles, the pages only hide what would be refused. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useApi(gatewayRoutes.getAuthSession);
  if (session.isPending) return <div className="empty" aria-busy="true">Connecting to Huntforge…</div>;
  if (session.error) {
    return (
      <main className="content">
        <h1>Huntforge</h1>
        <ErrorNote error={session.error} action="Reading your session" />
      </main>
    );
  }
  return <SessionContext.Provider value={session.data ?? null}>{children}</SessionContext.Provider>;
}

export function useSession(): AuthSessionResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Whether the caller's role allows an action needing `role`. */
export function useCan(role: Role): boolean {
  return roleSatisfies(useSession().role, role);
}
