import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '@huntforge/api-client';
import { Layout } from './components/layout';
import { SessionProvider } from './components/session';
import { ArticlePage } from './pages/articles/article-page';
import { ArticlesPage } from './pages/articles/articles-page';
import { DashboardPage } from './pages/dashboard-page';
import { MlopsPage } from './pages/mlops-page';
import { NotFoundPage } from './pages/not-found-page';
import { SettingsPage } from './pages/settings-page';
import { SourcesPage } from './pages/sources-page';
import { WorkflowPage } from './pages/workflow/workflow-page';

const queryClient = new QueryClient({
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
  {
    element: <Layout />,
    children: [
      { path: '/', element: <DashboardPage /> },
      { path: '/articles', element: <ArticlesPage /> },
      { path: '/articles/:articleId', element: <ArticlePage /> },
      { path: '/sources', element: <SourcesPage /> },
      { path: '/workflow', element: <WorkflowPage /> },
      { path: '/mlops', element: <MlopsPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
