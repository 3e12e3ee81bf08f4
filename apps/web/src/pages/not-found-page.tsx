import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="panel">
      <h1>No such page</h1>
      <p>
        Go to the <Link to="/">dashboard</Link> or the <a href="/docs">API documentation</a>.
      </p>
    </div>
  );
}
