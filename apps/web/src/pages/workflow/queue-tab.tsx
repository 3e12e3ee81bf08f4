import { sigmaQueueRoutes, type RouteResponse } from '@huntforge/contracts/api';
import { SIGMA_QUEUE_STATUSES, SIGMA_QUEUE_WAITING_STATUSES } from '@huntforge/contracts/sigma';
import { useApi, usePrefetch } from '../../api/hooks';
import { StatusBadge } from '../../components/badges';
import { formatAgo } from '../../components/format';
import { QueryState } from '../../components/query-state';
import { useShortcuts } from '../../components/shortcuts';
import { useUrlState } from '../../components/url-state';
import { RuleReview } from './rule-review';
import { similarityVerdict } from './similarity';

type Status = (typeof SIGMA_QUEUE_STATUSES)[number];
const PAGE = 50;
/** The queue opens on everything waiting for a person. */
const WAITING = 'waiting';

type QueueListItem = RouteResponse<typeof sigmaQueueRoutes.getSigmaQueueList>['items'][number];

/** The queued rules of the current filter: title, status and similarity; a click opens one in the review pane. */
function QueueList({
  items,
  selectedId,
  onSelect,
}: {
  items: QueueListItem[];
  selectedId: number | undefined;
  onSelect: (queueId: number) => void;
}) {
  return (
    <table className="data small queue-list">
      <caption className="visually-hidden">Queued rules: title, status and similarity to the reference corpus</caption>
      <thead className="visually-hidden">
        <tr>
          <th>rule</th>
          <th>status</th>
          <th className="num">similarity</th>
        </tr>
      </thead>
      <tbody>
        {items.map((entry) => (
          <tr
            key={entry.queue_id}
            className={entry.queue_id === selectedId ? 'selected' : ''}
            onClick={() => onSelect(entry.queue_id)}
            style={{ cursor: 'pointer' }}
          >
            <td>
              <button type="button" className="link" onClick={() => onSelect(entry.queue_id)}>
                {entry.title}
              </button>
              <div className="muted">
                #{entry.queue_id} · {entry.level ?? 'no level'} · {formatAgo(entry.created_at)}
              </div>
            </td>
            <td>
              <StatusBadge status={entry.status} />
            </td>
            <td className="num" title={similarityVerdict(entry).title}>
              {similarityVerdict(entry).label}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function QueueTab() {
  const url = useUrlState();
  const statusParam = url.get('status');
  const status: Status | undefined = (SIGMA_QUEUE_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as Status)
    : undefined;
  const filter = status ?? (statusParam === 'all' ? 'all' : WAITING);
  const offset = url.getNumber('offset') ?? 0;
  const query = status
    ? { status, limit: PAGE, offset }
    : filter === WAITING
      ? { statuses: SIGMA_QUEUE_WAITING_STATUSES.join(','), limit: PAGE, offset }
      : { limit: PAGE, offset };
  const list = useApi(sigmaQueueRoutes.getSigmaQueueList, { query }, { refetchInterval: 15_000 });
  const counts = list.data?.counts;
  const count = (value: number | undefined) => (value === undefined ? '' : ` (${value})`);
  const waitingCount = counts ? SIGMA_QUEUE_WAITING_STATUSES.reduce((sum, entry) => sum + counts[entry], 0) : undefined;
  const allCount = counts ? SIGMA_QUEUE_STATUSES.reduce((sum, entry) => sum + counts[entry], 0) : undefined;
  const filterName = filter === WAITING ? 'waiting for review' : filter === 'all' ? '' : filter.replace('_', ' ');
  const items = list.data?.items ?? [];
  const selectedId = url.getNumber('item') ?? items[0]?.queue_id;
  const item = useApi(sigmaQueueRoutes.getSigmaQueueItem, { params: { queue_id: selectedId ?? 0 } }, { enabled: selectedId !== undefined });
  const index = items.findIndex((entry) => entry.queue_id === selectedId);

  const go = (delta: number) => {
    const next = items[Math.min(Math.max(index + delta, 0), items.length - 1)];
    if (next) url.set({ item: next.queue_id }, true);
  };
  // After approve/reject the item leaves the list: show the one that took its place (RuleReview calls this
  // only while the reviewer is still where they acted).
  const next = () => {
    const following = items[index + 1] ?? items[index - 1];
    url.set({ item: following?.queue_id }, true);
  };

  useShortcuts({ j: () => go(1), k: () => go(-1) });
  // The neighbours are what j, k, approve and reject open next: have them ready.
  const neighbour = (delta: number) => {
    const entry = index >= 0 ? items[index + delta] : undefined;
    return entry ? { params: { queue_id: entry.queue_id } } : undefined;
  };
  usePrefetch(sigmaQueueRoutes.getSigmaQueueItem, neighbour(1));
  usePrefetch(sigmaQueueRoutes.getSigmaQueueItem, neighbour(-1));

  return (
    <div className="split">
      <section className="panel">
        <div className="row spread" style={{ marginBottom: 8 }}>
          <select
            aria-label="queue status"
            value={filter}
            onChange={(event) =>
              url.set({ status: event.target.value === WAITING ? undefined : event.target.value, item: undefined, offset: undefined })
            }
          >
            <option value={WAITING}>waiting for review{count(waitingCount)}</option>
            {SIGMA_QUEUE_STATUSES.map((entry) => (
              <option key={entry} value={entry}>
                {entry.replace('_', ' ')}
                {count(counts?.[entry])}
              </option>
            ))}
            <option value="all">every status{count(allCount)}</option>
          </select>
          <span className="small muted">
            <kbd>j</kbd>/<kbd>k</kbd> next/previous · <kbd>a</kbd> approve · <kbd>r</kbd> reject
          </span>
        </div>
        <QueryState
          query={list}
          label="queue"
          empty={(data) => (data.total === 0 ? `No rules ${filterName}. Rules arrive here when the workflow generates novel ones.` : null)}
        >
          {(data) => (
            <div className="list-scroll" tabIndex={0} role="region" aria-label="queued rules">
              <QueueList items={data.items} selectedId={selectedId} onSelect={(queueId) => url.set({ item: queueId }, true)} />
              <div className="row spread small">
                <span className="muted">
                  {data.offset + 1}–{data.offset + data.items.length} of {data.total}
                </span>
                <span className="row">
                  <button
                    type="button"
                    disabled={data.offset === 0}
                    onClick={() => url.set({ offset: Math.max(0, data.offset - PAGE) || undefined, item: undefined })}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    disabled={data.offset + data.items.length >= data.total}
                    onClick={() => url.set({ offset: data.offset + PAGE, item: undefined })}
                  >
                    →
                  </button>
                </span>
              </div>
            </div>
          )}
        </QueryState>
      </section>
      <section className="panel">
        {selectedId === undefined ? (
          <div className="empty">Nothing to review.</div>
        ) : (
          <QueryState query={item} label="rule">
            {(data) => <RuleReview item={data} onNext={next} />}
          </QueryState>
        )}
      </section>
    </div>
  );
}
