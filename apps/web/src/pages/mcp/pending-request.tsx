import { useState } from 'react';
import { Link } from 'react-router';
import { mcpRoutes } from '@huntforge/contracts/api';
import { LOCAL_ACTOR } from '@huntforge/contracts/http';
import { type McpConfirmation } from '@huntforge/contracts/mcp';
import { useApiMutation } from '../../api/hooks';
import { formatAgo, formatTime } from '../../components/format';
import { useCan, useSession } from '../../components/session';
import { ArgumentsView } from './arguments-view';
import { callerKind, callerLabel, describeAction, formatIn, toolTitle } from './describe';

export type Verb = 'confirm' | 'reject';
export type Decision = { verb: Verb; confirmation: McpConfirmation };
export type Refusal = { verb: Verb; confirmation: McpConfirmation; error: unknown };

const DECIDE_INVALIDATES = [mcpRoutes.getMcpConfirmations, mcpRoutes.getMcpConfirmation, mcpRoutes.getAudit];

/**
 * One pending request: what it will do (in words and as its stored arguments), who asked and when, and the
 * decision. The page reports the outcome (or why it was refused: 409, 410) above the list, since a decided
 * request leaves this list.
 */
export function PendingRequest({
  confirmation,
  onDecided,
  onRefused,
}: {
  confirmation: McpConfirmation;
  onDecided: (decision: Decision) => void;
  onRefused: (refusal: Refusal) => void;
}) {
  const canDecide = useCan('analyst');
  const session = useSession();
  const [reason, setReason] = useState('');
  const summary = describeAction(confirmation.tool, confirmation.arguments);
  const input = { params: { id: confirmation.id }, body: reason.trim() === '' ? {} : { reason: reason.trim() } };
  const confirm = useApiMutation(mcpRoutes.postMcpConfirmationsConfirm, {
    invalidates: DECIDE_INVALIDATES,
    onSuccess: (data) => onDecided({ verb: 'confirm', confirmation: data }),
  });
  const reject = useApiMutation(mcpRoutes.postMcpConfirmationsReject, {
    invalidates: DECIDE_INVALIDATES,
    onSuccess: (data) => onDecided({ verb: 'reject', confirmation: data }),
  });
  const busy = confirm.isPending || reject.isPending;
  const decide = (verb: Verb) =>
    (verb === 'confirm' ? confirm : reject).mutate(input, { onError: (error) => onRefused({ verb, confirmation, error }) });
  const ownRequest = session.actor !== LOCAL_ACTOR && session.actor === confirmation.requested_by;
  const headingId = `request-${confirmation.id}-h`;
  const expiresSoon = new Date(confirmation.expires_at).getTime() - Date.now() < 60 * 60_000;

  return (
    <article className="mcp-request" aria-labelledby={headingId} data-testid="pending-request" data-confirmation-id={confirmation.id}>
      <div className="row spread">
        <h3 id={headingId} className="mcp-request-title">
          {toolTitle(confirmation.tool)} <code className="mcp-tool">{confirmation.tool}</code>
        </h3>
        <span className="badge warn">waiting for a decision</span>
      </div>
      <p className="mcp-summary">
        {summary.text}
        {summary.link ? (
          <>
            {' '}
            — <Link to={summary.link.to}>open {summary.link.label}</Link>
          </>
        ) : null}
      </p>
      <dl className="kv small">
        <dt>asked by</dt>
        <dd>
          <strong>{callerLabel(confirmation.requested_by)}</strong>
          {callerKind(confirmation.requested_by) ? <span className="muted"> ({callerKind(confirmation.requested_by)})</span> : null}
          {ownRequest ? <span className="badge"> you</span> : null}
        </dd>
        <dt>filed</dt>
        <dd title={confirmation.created_at}>
          {formatTime(confirmation.created_at)} ({formatAgo(confirmation.created_at)})
        </dd>
        <dt>expires</dt>
        <dd title={confirmation.expires_at} className={expiresSoon ? 'mcp-soon' : undefined}>
          {formatTime(confirmation.expires_at)} ({formatIn(confirmation.expires_at)})
        </dd>
        <dt>request id</dt>
        <dd className="mono">{confirmation.id}</dd>
      </dl>
      <h4 className="mcp-args-title">Arguments it will run with</h4>
      <ArgumentsView args={confirmation.arguments} label={`arguments of ${confirmation.tool}`} />
      {canDecide ? (
        <form
          className="mcp-decide"
          onSubmit={(event) => {
            event.preventDefault();
            decide('confirm');
          }}
        >
          <label className="block mcp-reason">
            Reason (optional, kept with the decision)
            <input
              value={reason}
              maxLength={2000}
              onChange={(event) => setReason(event.target.value)}
              placeholder="e.g. matches the analyst's review"
              disabled={busy}
            />
          </label>
          <div className="row">
            <button type="submit" className="primary" disabled={busy} aria-describedby={headingId}>
              {confirm.isPending ? 'Confirming…' : 'Confirm'}
            </button>
            <button type="button" className="danger" disabled={busy} aria-describedby={headingId} onClick={() => decide('reject')}>
              {reject.isPending ? 'Rejecting…' : 'Reject'}
            </button>
            {ownRequest ? <span className="small muted">You filed this with your token; another person must confirm it.</span> : null}
          </div>
        </form>
      ) : (
        <p className="small muted">Deciding needs the analyst or admin role; you are signed in as {session.role}.</p>
      )}
    </article>
  );
}
