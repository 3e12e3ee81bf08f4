import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { gatewayRoutes } from '@huntforge/contracts/api';
import { useApiMutation } from '../api/hooks';
import { formatTime } from './format';
import { useSession } from './session';
import { currentTheme, setTheme, type Theme } from './theme';

const NAV = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/articles', label: 'Articles' },
  { to: '/sources', label: 'Sources' },
  { to: '/workflow#executions', label: 'Workflow' },
  { to: '/workflow#queue', label: 'Review queue' },
  { to: '/mlops', label: 'Content filter', end: true },
  { to: '/mlops/agent-evals', label: 'Evaluations' },
  { to: '/mcp-requests', label: 'MCP requests' },
  { to: '/settings', label: 'Settings' },
];

/** Ends the browser session; the cache goes with it so the next person at this browser sees nothing of it. */
function SignOutButton() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useApiMutation(gatewayRoutes.deleteAuthSession, {
    onSuccess: () => {
      client.clear();
      void navigate('/signin', { replace: true });
    },
  });
  return (
    <button type="button" onClick={() => signOut.mutate({})} disabled={signOut.isPending}>
      Sign out
    </button>
  );
}

export function Layout() {
  const session = useSession();
  const [theme, setThemeState] = useState<Theme>(currentTheme());
  // On a narrow screen the navigation folds behind a Menu button; it folds again after each choice.
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);
  const toggle = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    setThemeState(next);
  };
  return (
    <div className="shell">
      <nav className={`sidebar${menuOpen ? ' open' : ''}`} aria-label="main">
        <div className="brand-row">
          <a className="brand" href="/">
            Huntforge
          </a>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-links"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
        </div>
        <div className="nav-links" id="main-links">
          {NAV.map((item) => (
            <NavLink
              key={item.label}
              to={item.to}
              end={item.end}
              className={({ isActive }) => (isActive && !item.to.includes('#queue') ? 'active' : '')}
            >
              {item.label}
            </NavLink>
          ))}
          <span className="spacer" />
          <a href="/docs">API documentation</a>
        </div>
      </nav>
      <div>
        <header className="topbar">
          <span className="grow" />
          {session.auth_mode === 'off' ? (
            <span className="badge warn" title="AUTH_MODE=off: every caller on this machine is the local admin">
              local mode, no authentication
            </span>
          ) : (
            <>
              <span className="small" title={session.expires_at ? `session ends ${formatTime(session.expires_at)}` : undefined}>
                signed in as <strong>{session.actor}</strong> <span className="badge">{session.role}</span>
              </span>
              {session.via === 'session' ? <SignOutButton /> : null}
            </>
          )}
          <button type="button" onClick={toggle} aria-label={`switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}>
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </button>
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
