import { useState } from 'react';
import { mcpRoutes } from '@huntforge/contracts/api';
import { CONFIRMATION_STATUSES, type McpConfirmation } from '@huntforge/contracts/mcp';
import { useApi } from '../../api/hooks';
import { formatTime } from '../../components/format';
import { QueryState } from '../../components/query-state';
import { ArgumentsView } from './arguments-view';
import { CursorPager, useCursorPages } from './cursor-pager';
import { briefBody, callerLabel, describeAction, resultOf } from './describe';

type Status = (typeof CONFIRMATION_STATUSES)[number];
const PAGE = 25;

const TONE: Record<Status, string> = { pending: 'warn', confirmed: 'ok', rejected: 'bad', failed: 'bad', expired: '' };

export function ConfirmationBadge({ status }: { status: Status }) {
  return <span className={`badge ${TONE[status]}`}>{status}</span>;
}

/** What became of a request: the service's answer when it ran, why it failed, or the reason it was rejected. */
function Outcome({ confirmation }: { confirmation: McpConfirmation }) {
  const result = resultOf(confirmation);
  return (
    <div className="stack mcp-outcome">
      {confirmation.status === 'pending' ? <span className="muted">waiting for a decision (see above)</span> : null}
      {confirmation.status === 'expired' ? <span className="muted">nobody decided it in time; it never ran</span> : null}
      {confirmation.status === 'rejected' ? (
        <span>never ran{confirmation.decision_reason ? <>: “{confirmation.decision_reason}”</> : null}</span>
      ) : null}
      {confirmation.status !== 'rejected' && confirmation.decision_reason ? (
        <span className="muted">reason: “{confirmation.decision_reason}”</span>
      ) : null}
      {confirmation.error ? <span className="finding error">{confirmation.error}</span> : null}
      {result ? (
        <details>
          <summary>
            service answered{' '}
            {result.status !== null ? (
              <span className={`badge ${result.status >= 200 && result.status < 300 ? 'ok' : 'bad'}`}>HTTP {result.status}</span>
            ) : null}{' '}
            <span className="mono muted">{briefBody(result.body, 60)}</span>
          </summary>
          <pre className="mcp-json">{JSON.stringify(result.body, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** Every request, newest first, with a status filter; decided ones carry their outcome. */
export function RequestHistory() {
  const [status, setStatus] = useState<Status | 'all'>('all');
  const pages = useCursorPages();
  const list = useApi(
    mcpRoutes.getMcpConfirmations,
    { query: { status: status === 'all' ? undefined : status, limit: PAGE, cursor: pages.cursor } },
    { refetchInterval: 15_000 },
  );
  return (
    <>
      <div className="row">
        <label>
          status
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status | 'all');
              pages.reset();
            }}
          >
            <option value="all">every status</option>
            {CONFIRMATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={list}
        label="requests"
        empty={(data) =>
          data.confirmations.length === 0 && pages.page === 1
            ? status === 'all'
              ? 'No MCP client has asked for a high-risk action yet.'
              : `No ${status} requests.`
            : null
        }
      >
        {(data) => (
          <>
            <table className="data small" aria-label="request history">
              <thead>
                <tr>
                  <th>filed</th>
                  <th>request</th>
                  <th>asked by</th>
                  <th>status</th>
                  <th>decided</th>
                  <th>outcome</th>
                </tr>
              </thead>
              <tbody>
                {data.confirmations.map((confirmation) => (
                  <tr key={confirmation.id} data-confirmation-id={confirmation.id}>
                    <td className="nowrap" title={confirmation.created_at}>
                      {formatTime(confirmation.created_at)}
                    </td>
                    <td>
                      <code className="mcp-tool">{confirmation.tool}</code>
                      <div>{describeAction(confirmation.tool, confirmation.arguments).text}</div>
                      <details>
                        <summary className="muted">arguments</summary>
                        <ArgumentsView args={confirmation.arguments} label={`arguments of request ${confirmation.id}`} />
                      </details>
                    </td>
                    <td className="nowrap">{callerLabel(confirmation.requested_by)}</td>
                    <td>
                      <ConfirmationBadge status={confirmation.status} />
                    </td>
                    <td>
                      {confirmation.decided_by ? (
                        <>
                          <span className="nowrap">{callerLabel(confirmation.decided_by)}</span>
                          <div className="muted nowrap" title={confirmation.decided_at ?? undefined}>
                            {formatTime(confirmation.decided_at)}
                          </div>
                        </>
                      ) : confirmation.status === 'expired' ? (
                        <span className="muted nowrap" title={confirmation.expires_at}>
                          expired {formatTime(confirmation.expires_at)}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      <Outcome confirmation={confirmation} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <CursorPager
              label="request history"
              page={pages.page}
              shown={data.confirmations.length}
              nextCursor={data.next_cursor}
              onOlder={pages.older}
              onNewer={pages.newer}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
