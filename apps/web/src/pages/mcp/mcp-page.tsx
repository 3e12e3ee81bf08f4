import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@huntforge/api-client';
import { mcpRoutes } from '@huntforge/contracts/api';
import { MCP_ERROR_CODES } from '@huntforge/contracts/mcp';
import { useApi } from '../../api/hooks';
import { Panel } from '../../components/panel';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';
import { AuditTrail } from './audit-trail';
import { CursorPager, useCursorPages } from './cursor-pager';
import { briefBody, describeAction, resultOf } from './describe';
import { PendingRequest, type Decision, type Refusal } from './pending-request';
import { RequestHistory } from './request-history';
import { usePageTitle } from '../../components/page-title';

const PAGE = 20;

/** What a refused decision means for the person at the page, by the error code the API answers. */
const REFUSAL_MEANING: Record<string, string> = {
  [MCP_ERROR_CODES.confirmationNotPending]: 'Someone decided this request before you; the history below shows how.',
  [MCP_ERROR_CODES.confirmationExpired]: 'It expired before anyone decided it, so it can no longer run. The MCP client must file it again.',
  [MCP_ERROR_CODES.selfConfirmation]:
    'The token that filed a request cannot confirm it: another person must (or an admin sets MCP_ALLOW_SELF_CONFIRMATION).',
  [MCP_ERROR_CODES.confirmationNotFound]: 'The request no longer exists.',
  forbidden: 'Deciding requests needs the analyst or admin role.',
};

type Outcome = { kind: 'decided'; decision: Decision } | { kind: 'refused'; refusal: Refusal };

/** The last decision made on this page, or why it was refused: the decided request has left the pending list. */
function OutcomeNotice({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  if (outcome.kind === 'refused') {
    const { refusal } = outcome;
    const code = refusal.error instanceof ApiError ? refusal.error.code : undefined;
    return (
      <div className="stack mcp-notice" data-testid="decision-outcome">
        <ErrorNote
          error={refusal.error}
          action={`${refusal.verb === 'confirm' ? 'Confirming' : 'Rejecting'} ${refusal.confirmation.tool} (${refusal.confirmation.id})`}
        />
        {code && REFUSAL_MEANING[code] ? <div className="small">{REFUSAL_MEANING[code]}</div> : null}
        <div>
          <button type="button" className="link small" onClick={onDismiss}>
            dismiss
          </button>
        </div>
      </div>
    );
  }
  const { confirmation } = outcome.decision;
  const result = resultOf(confirmation);
  const what = describeAction(confirmation.tool, confirmation.arguments).text;
  const tone = confirmation.status === 'failed' ? 'bad' : confirmation.status === 'rejected' ? '' : 'ok';
  return (
    <div
      className={`notice ${tone} mcp-notice`}
      role={confirmation.status === 'failed' ? 'alert' : 'status'}
      data-testid="decision-outcome"
    >
      {confirmation.status === 'confirmed' ? (
        <>
          <strong>Confirmed and done:</strong> {what}
          {result?.status ? ` (HTTP ${result.status})` : ''}.
        </>
      ) : null}
      {confirmation.status === 'failed' ? (
        <>
          <strong>Confirmed, but the action failed:</strong> {what}. {confirmation.error ?? ''}
          {result ? <div className="small mono">{briefBody(result.body, 300)}</div> : null}
          <div className="small">The request is closed as failed and cannot be confirmed again; the MCP client must file it anew.</div>
        </>
      ) : null}
      {confirmation.status === 'rejected' ? (
        <>
          <strong>Rejected:</strong> {what}. It will never run.
        </>
      ) : null}{' '}
      <button type="button" className="link small" onClick={onDismiss}>
        dismiss
      </button>
    </div>
  );
}

function PendingRequests() {
  const client = useQueryClient();
  const pages = useCursorPages();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pending = useApi(
    mcpRoutes.getMcpConfirmations,
    { query: { status: 'pending', limit: PAGE, cursor: pages.cursor } },
    { refetchInterval: 10_000 },
  );
  const onRefused = (refusal: Refusal) => {
    setOutcome({ kind: 'refused', refusal });
    // A 409 or 410 means the list is out of date: read it again.
    void client.invalidateQueries({ queryKey: [mcpRoutes.getMcpConfirmations.method, mcpRoutes.getMcpConfirmations.path] });
  };
  const count = pending.data ? `${pending.data.confirmations.length}${pending.data.next_cursor ? '+' : ''}` : null;
  return (
    <Panel
      id="pending"
      title={<>Waiting for a decision {count !== null ? <span className={`badge ${count === '0' ? '' : 'warn'}`}>{count}</span> : null}</>}
    >
      <p className="small muted">
        Nothing here has run. Confirm runs the stored action as you, through the same API and rules as the pages; reject discards it.
      </p>
      {outcome ? <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}
      <QueryState
        query={pending}
        label="pending requests"
        empty={(data) => (data.confirmations.length === 0 && pages.page === 1 ? 'No request is waiting for a decision.' : null)}
      >
        {(data) => (
          <div className="stack">
            {data.confirmations.map((confirmation) => (
              <PendingRequest
                key={confirmation.id}
                confirmation={confirmation}
                onDecided={(decision) => setOutcome({ kind: 'decided', decision })}
                onRefused={onRefused}
              />
            ))}
            {pages.page > 1 || data.next_cursor ? (
              <CursorPager
                label="pending requests"
                page={pages.page}
                shown={data.confirmations.length}
                nextCursor={data.next_cursor}
                onOlder={pages.older}
                onNewer={pages.newer}
              />
            ) : null}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/**
 * High-risk actions LLM clients asked for through the MCP tool server (approve or submit a rule, change the
 * workflow configuration, roll back a model...): each waits here until a person confirms or rejects it. The
 * audit trail below shows every tool call and decision.
 */
export function McpPage() {
  usePageTitle('MCP requests');
  const isAdmin = useCan('admin');
  return (
    <>
      <h1>MCP requests</h1>
      <p className="muted">
        LLM clients connected to the MCP tool server can read freely, but high-risk writes only file a request here. Nothing happens until a
        person with the analyst or admin role confirms it; requests expire if nobody decides.
      </p>
      <PendingRequests />
      <Panel id="history" title="All requests">
        <RequestHistory />
      </Panel>
      <Panel id="audit" title="Audit trail">
        {isAdmin ? (
          <AuditTrail />
        ) : (
          <p className="small muted">
            The audit trail (every tool call with its redacted arguments, and every decision) is shown to admins only.
          </p>
        )}
      </Panel>
    </>
  );
}
