import { useState } from 'react';
import { mcpRoutes } from '@huntforge/contracts/api';
import { AUDIT_EVENT_TYPES, type AuditEventView } from '@huntforge/contracts/mcp';
import { useApi } from '../../api/hooks';
import { StatusBadge } from '../../components/badges';
import { formatDuration, formatTime } from '../../components/format';
import { QueryState } from '../../components/query-state';
import { CursorPager, useCursorPages } from './cursor-pager';
import { briefBody, callerLabel } from './describe';

const PAGE = 25;

const TYPES: Array<{ value: string; label: string }> = [
  { value: '', label: 'every event' },
  { value: AUDIT_EVENT_TYPES.mcpToolCall, label: 'MCP tool calls' },
  { value: AUDIT_EVENT_TYPES.mcpConfirmationConfirmed, label: 'confirmations' },
  { value: AUDIT_EVENT_TYPES.mcpConfirmationRejected, label: 'rejections' },
];

const EVENT_LABELS: Record<string, string> = {
  [AUDIT_EVENT_TYPES.mcpToolCall]: 'tool call',
  [AUDIT_EVENT_TYPES.mcpConfirmationConfirmed]: 'request confirmed',
  [AUDIT_EVENT_TYPES.mcpConfirmationRejected]: 'request rejected',
};

/** The payload's redacted arguments (tool calls and decisions keep them under `arguments`), in one line. */
function argumentsOf(event: AuditEventView): string {
  const payload = event.payload as { arguments?: unknown } | null;
  return payload && typeof payload === 'object' && payload.arguments !== undefined ? briefBody(payload.arguments, 90) : '';
}

/** The recent audit trail (admins only): MCP tool calls with redacted arguments, decisions and other audited changes. */
export function AuditTrail() {
  const [type, setType] = useState('');
  const pages = useCursorPages();
  const audit = useApi(
    mcpRoutes.getAudit,
    { query: { type: type === '' ? undefined : type, limit: PAGE, cursor: pages.cursor } },
    { refetchInterval: 30_000 },
  );
  return (
    <>
      <div className="row">
        <label>
          show
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              pages.reset();
            }}
          >
            {TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <span className="small muted">Arguments are shown as audited: secrets and long values redacted.</span>
      </div>
      <QueryState
        query={audit}
        label="audit trail"
        empty={(data) => (data.events.length === 0 && pages.page === 1 ? 'Nothing audited yet.' : null)}
      >
        {(data) => (
          <>
            <table className="data small" aria-label="audit trail">
              <thead>
                <tr>
                  <th>when</th>
                  <th>event</th>
                  <th>caller</th>
                  <th>outcome</th>
                  <th className="num">duration</th>
                  <th>details</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((event) => (
                  <tr key={event.id}>
                    <td className="nowrap" title={event.created_at}>
                      {formatTime(event.created_at)}
                    </td>
                    <td>
                      {EVENT_LABELS[event.type] ?? event.type}
                      {event.tool ? (
                        <div>
                          <code className="mcp-tool">{event.tool}</code>
                        </div>
                      ) : null}
                    </td>
                    <td className="nowrap">{callerLabel(event.actor)}</td>
                    <td>{event.outcome ? <StatusBadge status={event.outcome} /> : '—'}</td>
                    <td className="num">{formatDuration(event.duration_ms)}</td>
                    <td>
                      <details>
                        <summary className="mono">{argumentsOf(event) || 'payload'}</summary>
                        <pre className="mcp-json" tabIndex={0}>
                          {JSON.stringify(event.payload, null, 2)}
                        </pre>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <CursorPager
              label="audit trail"
              page={pages.page}
              shown={data.events.length}
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
