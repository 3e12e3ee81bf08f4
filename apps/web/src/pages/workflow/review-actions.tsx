import { useEffect, useRef, useState } from 'react';
import { settingsRoutes, sigmaQueueRoutes } from '@huntforge/contracts/api';
import { type SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts/sigma';
import { useApi, useApiMutation } from '../../api/hooks';
import { ErrorNote } from '../../components/query-state';
import { useShortcuts } from '../../components/shortcuts';
import { ApproveWhyForm } from './approve-why-form';
import { queueRoutes } from './queue-routes';

/** Why this rule cannot be submitted as a pull request now, or null when it can. */
function useSubmitBlocker(item: SigmaQueueItem): string | null {
  const settings = useApi(settingsRoutes.getSettings);
  const setting = (key: string) => settings.data?.settings.find((entry) => entry.key === key);
  const githubReady = Boolean(setting('GITHUB_TOKEN')?.configured && setting('GITHUB_REPO')?.configured);
  return item.status !== 'approved'
    ? 'only approved rules are submitted'
    : !githubReady
      ? 'GitHub is not configured: set GITHUB_TOKEN and GITHUB_REPO in Settings'
      : item.delivery_permitted === false
        ? "the publisher's licence does not permit delivery"
        : null;
}

/** Approve, reject and submit, with their keyboard shortcuts (a, r) and the reason asked before a risky approval. */
export function ReviewActions({
  item,
  edited,
  canWrite,
  onNext,
}: {
  item: SigmaQueueItem;
  edited: boolean;
  canWrite: boolean;
  onNext: () => void;
}) {
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLInputElement>(null);
  // Approving a rule that an edit stopped from firing on its own observables needs a reason (kept as the approval note).
  const [askingWhy, setAskingWhy] = useState(false);
  useEffect(() => setAskingWhy(false), [item.queue_id]);
  // Approve and reject move on to the next item at once; the list and counts refresh behind it.
  const approve = useApiMutation(sigmaQueueRoutes.postSigmaQueueApprove, { invalidates: queueRoutes, refetchInBackground: true });
  const reject = useApiMutation(sigmaQueueRoutes.postSigmaQueueReject, {
    invalidates: queueRoutes,
    refetchInBackground: true,
    onSuccess: () => setReason(''),
  });
  // A slow answer must not move a reviewer who has already moved on (another item, another status).
  const thenNextIfStill = () => {
    const actedAt = window.location.search;
    return { onSuccess: () => (window.location.search === actedAt ? onNext() : undefined) };
  };
  const submit = useApiMutation(sigmaQueueRoutes.postSigmaQueueSubmit, { invalidates: queueRoutes });
  const open = item.status === 'pending' || item.status === 'needs_review';
  const editedSinceQueued = item.original_rule_yaml !== null && item.original_rule_yaml !== item.rule_yaml;
  const stoppedFiring = editedSinceQueued && item.self_test !== null && !item.self_test.fires && !item.self_test.error;
  const requestApprove = () => {
    if (stoppedFiring) {
      setAskingWhy(true);
      return;
    }
    approve.mutate({ params: { queue_id: item.queue_id } }, thenNextIfStill());
  };
  const submitBlocker = useSubmitBlocker(item);

  useShortcuts({
    a: () => {
      if (open && canWrite && !edited) requestApprove();
    },
    r: (event) => {
      if (!open || !canWrite) return;
      event.preventDefault();
      reasonRef.current?.focus();
    },
  });

  return (
    <>
      <div className="row">
        <button
          type="button"
          className="ok"
          disabled={!open || !canWrite || edited || approve.isPending}
          title={edited ? 'Save or discard the edit first' : 'Approve (a)'}
          onClick={requestApprove}
        >
          Approve <kbd>a</kbd>
        </button>
        <input
          ref={reasonRef}
          aria-label="rejection reason"
          placeholder="reason to reject (r)"
          value={reason}
          disabled={!open || !canWrite}
          onChange={(event) => setReason(event.target.value)}
          style={{ flex: 1, minWidth: 200 }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && reason.trim())
              reject.mutate({ params: { queue_id: item.queue_id }, body: { reason: reason.trim() } }, thenNextIfStill());
          }}
        />
        <button
          type="button"
          className="danger"
          disabled={!open || !canWrite || !reason.trim() || reject.isPending}
          onClick={() => reject.mutate({ params: { queue_id: item.queue_id }, body: { reason: reason.trim() } }, thenNextIfStill())}
        >
          Reject
        </button>
        <button
          type="button"
          disabled={Boolean(submitBlocker) || !canWrite || submit.isPending}
          title={submitBlocker ?? 'Open a pull request with this rule'}
          onClick={() => submit.mutate({ params: { queue_id: item.queue_id } })}
        >
          Submit as pull request
        </button>
      </div>
      {askingWhy ? (
        <ApproveWhyForm
          pending={approve.isPending}
          onApprove={(why) =>
            approve.mutate(
              { params: { queue_id: item.queue_id }, body: { note: `Approved although the self-test no longer fires: ${why}` } },
              thenNextIfStill(),
            )
          }
          onCancel={() => setAskingWhy(false)}
        />
      ) : null}
      {submitBlocker && item.status === 'approved' ? <div className="small muted">Submit is unavailable: {submitBlocker}.</div> : null}
      <ErrorNote error={approve.error} action="Approve" />
      <ErrorNote error={reject.error} action="Reject" />
      <ErrorNote error={submit.error} action="Submit" />
    </>
  );
}
