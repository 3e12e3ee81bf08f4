import { Link } from 'react-router';
import { usePageTitle } from '../components/page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="panel">
      <h1>No such page</h1>
      <p>
        Go to the <Link to="/">dashboard</Link> or the <a href="/docs">API documentation</a>.
      </p>
    </div>
  );
}
