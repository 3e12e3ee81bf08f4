import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '@huntforge/api-client';
import { gatewayRoutes } from '@huntforge/contracts';
import { routeKey } from './api/hooks';
import { Layout } from './components/layout';
import { SessionGate } from './components/session';
import { ArticlePage } from './pages/articles/article-page';
import { ArticlesPage } from './pages/articles/articles-page';
import { DashboardPage } from './pages/dashboard-page';
import { MlopsPage } from './pages/mlops-page';
import { AgentEvalsPage } from './pages/evaluations/agent-evals-page';
import { AgentEvals2Page } from './pages/evaluations/agent-evals2-page';
import { NotFoundPage } from './pages/not-found-page';
import { SettingsPage } from './pages/settings-page';
import { SignInPage } from './pages/signin-page';
import { SourcesPage } from './pages/sources-page';
import { WorkflowPage } from './pages/workflow/workflow-page';

const sessionKey = routeKey(gatewayRoutes.getAuthSession).slice(0, 2);

/** A 401 anywhere means the session ended (expired, revoked, signed out in another tab): re-read it, and the gate sends the engineer to sign in. */
function onAuthError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && window.location.pathname !== '/signin') {
    void queryClient.invalidateQueries({ queryKey: sessionKey });
  }
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => (query.queryKey[1] === gatewayRoutes.getAuthSession.path ? undefined : onAuthError(error)) }),
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
          { path: '/articles', element: <ArticlesPage /> },
          { path: '/articles/:articleId', element: <ArticlePage /> },
          { path: '/sources', element: <SourcesPage /> },
          { path: '/workflow', element: <WorkflowPage /> },
          { path: '/mlops', element: <MlopsPage /> },
          { path: '/mlops/agent-evals', element: <AgentEvalsPage /> },
          { path: '/mlops/agent-evals2', element: <AgentEvals2Page /> },
          { path: '/settings', element: <SettingsPage /> },
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
