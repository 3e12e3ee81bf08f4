import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '@huntforge/api-client';
import { gatewayRoutes } from '@huntforge/contracts/api';
import { routeKey } from './api/hooks';
import { Layout } from './components/layout';
import { LoadingNote } from './components/query-state';
import { SessionGate } from './components/session';
import { DashboardPage } from './pages/dashboard-page';
import { NotFoundPage } from './pages/not-found-page';
import { SignInPage } from './pages/signin-page';

/**
 * A page whose code is downloaded when it is first opened: the first load (the dashboard or sign-in) does not
 * carry CodeMirror, the diff view or the charts of pages not visited.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page: LazyExoticComponent<ComponentType> = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<LoadingNote label="page" />}>
      <Page />
    </Suspense>
  );
}

const sessionKey = routeKey(gatewayRoutes.getAuthSession).slice(0, 2);

/** A 401 anywhere means the session ended (expired, revoked, signed out in another tab): re-read it, and the gate sends the engineer to sign in. */
function onAuthError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && window.location.pathname !== '/signin') {
    void queryClient.invalidateQueries({ queryKey: sessionKey });
  }
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => (query.queryKey[1] === gatewayRoutes.getAuthSession.path ? undefined : onAuthError(error)),
  }),
  mutationCache: new MutationCache({ onError: onAuthError }),
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a dropped connection might.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

const router = createBrowserRouter([
  { path: '/signin', element: <SignInPage /> },
  {
    element: <SessionGate />,
    children: [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <DashboardPage /> },
          { path: '/articles', element: lazyPage(() => import('./pages/articles/articles-page'), 'ArticlesPage') },
          { path: '/articles/:articleId', element: lazyPage(() => import('./pages/articles/article-page'), 'ArticlePage') },
          { path: '/sources', element: lazyPage(() => import('./pages/sources-page'), 'SourcesPage') },
          { path: '/workflow', element: lazyPage(() => import('./pages/workflow/workflow-page'), 'WorkflowPage') },
          { path: '/mlops', element: lazyPage(() => import('./pages/mlops-page'), 'MlopsPage') },
          { path: '/mlops/agent-evals', element: lazyPage(() => import('./pages/evaluations/agent-evals-page'), 'AgentEvalsPage') },
          { path: '/mlops/agent-evals2', element: lazyPage(() => import('./pages/evaluations/agent-evals2-page'), 'AgentEvals2Page') },
          { path: '/mcp-requests', element: lazyPage(() => import('./pages/mcp/mcp-page'), 'McpPage') },
          { path: '/settings', element: lazyPage(() => import('./pages/settings-page'), 'SettingsPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
