import { Link } from 'react-router';
import type { SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts/sigma';
import { StatusBadge } from '../../components/badges';
import { formatTime } from '../../components/format';

/** The rule's title and status, and where it came from: article, execution, reviewer, pull request. */
export function RuleHeading({ item }: { item: SigmaQueueItem }) {
  return (
    <>
      <div className="row spread">
        <h2 style={{ margin: 0 }}>{item.title}</h2>
        <span className="row">
          <StatusBadge status={item.status} /> <span className="badge">{item.source}</span>{' '}
          {item.level ? <span className="badge">{item.level}</span> : null}
        </span>
      </div>
      <div className="small muted">
        Queue item #{item.queue_id} · queued {formatTime(item.created_at)}
        {item.article_id ? (
          <>
            {' '}
            · from <Link to={`/articles/${item.article_id}`}>article #{item.article_id}</Link>
          </>
        ) : null}
        {item.workflow_execution_id ? (
          <>
            {' '}
            · <Link to={`/workflow?execution=${item.workflow_execution_id}#executions`}>execution #{item.workflow_execution_id}</Link>
          </>
        ) : null}
        {item.reviewer ? <> · reviewed by {item.reviewer}</> : null}
        {item.rejection_reason ? <> · rejected: {item.rejection_reason}</> : null}
        {item.pr_url ? (
          <>
            {' '}
            ·{' '}
            <a href={item.pr_url} rel="noreferrer noopener" target="_blank">
              pull request ↗
            </a>
          </>
        ) : null}
      </div>
    </>
  );
}
