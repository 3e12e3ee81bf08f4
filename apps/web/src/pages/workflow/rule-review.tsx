import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { settingsRoutes, sigmaQueueRoutes, type SigmaFinding, type SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts';
import { useApi, useApiMutation } from '../../api/hooks';
import { callRoute } from '../../api/client';
import { StatusBadge } from '../../components/badges';
import { DiffView } from '../../components/diff-view';
import { formatTime, percent } from '../../components/format';
import { ErrorNote } from '../../components/query-state';
import { useShortcuts } from '../../components/shortcuts';
import { useCan } from '../../components/session';
import { useTheme } from '../../components/use-theme';
import { YamlEditor } from '../../components/yaml-editor';
import { BacktestPanel } from './backtest-panel';
import { EnrichmentPanel } from './enrichment-panel';
import { RuleQueries } from './rule-queries';
import { referenceRuleHref, similarityVerdict } from './similarity';

const queueRoutes = [sigmaQueueRoutes.getSigmaQueueList, sigmaQueueRoutes.getSigmaQueueItem];

function useLiveValidation(text: string, initial: readonly SigmaFinding[]) {
  const [findings, setFindings] = useState<readonly SigmaFinding[]>(initial);
  useEffect(() => setFindings(initial), [initial]);
  useEffect(() => {
    if (!text.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callRoute(sigmaQueueRoutes.postSigmaValidate, { body: { rule_yaml: text }, signal: controller.signal })
        .then((result) => setFindings(result.findings))
        .catch(() => undefined);
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return findings;
}

type SelfTestResult = NonNullable<SigmaQueueItem['self_test']>;

/**
 * The self-test of the rule as it is being edited: re-run by the queue (nothing stored) a moment after the
 * reviewer stops typing, so a change that stops the rule firing on its own observables shows before it is saved.
 * Null while the text is the saved rule (the item's own self-test stands) or before the first answer.
 */
function useLiveSelfTest(item: SigmaQueueItem, text: string): { result: SelfTestResult | null; pending: boolean } {
  const [result, setResult] = useState<SelfTestResult | null>(null);
  const [pending, setPending] = useState(false);
  const edited = text !== item.rule_yaml;
  const hasSelfTest = item.self_test !== null;
  useEffect(() => {
    setResult(null);
    if (!edited || !hasSelfTest || !text.trim()) {
      setPending(false);
      return;
    }
    setPending(true);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callRoute(sigmaQueueRoutes.postSigmaQueueSelfTest, {
        params: { queue_id: item.queue_id },
        body: { rule_yaml: text },
        signal: controller.signal,
      })
        .then((answer) => setResult(answer.self_test))
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setPending(false);
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [item.queue_id, hasSelfTest, edited, text]);
  return { result, pending };
}

function Findings({ findings }: { findings: readonly SigmaFinding[] }) {
  if (findings.length === 0)
    return (
      <div className="small finding ok" data-testid="findings">
        ✓ No validation findings
      </div>
    );
  return (
    <ul className="small" data-testid="findings">
      {findings.map((finding, index) => (
        <li key={`${finding.id}:${index}`} className={`finding ${finding.severity}`}>
          <strong>{finding.severity}</strong> {finding.id}: {finding.message}{' '}
          {finding.path ? <code className="muted">{finding.path}</code> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Does the rule fire on what it was made from, and on ordinary activity? Re-run by the queue on every saved edit,
 * and on the draft while it is edited (`live`).
 */
function SelfTest({ item, live }: { item: SigmaQueueItem; live: { edited: boolean; result: SelfTestResult | null; pending: boolean } }) {
  const test = live.edited && live.result ? live.result : item.self_test;
  if (!test) return null;
  const stale = live.edited && (live.pending || !live.result);
  return (
    <div className={`notice small ${test.fires && !test.baseline?.fires ? 'ok' : 'warn'}`} data-testid="self-test" aria-live="polite">
      <strong>Self-test{live.edited ? (stale ? ' (of the saved rule; testing your edit…)' : ' of your edit (not saved)') : ''}:</strong>{' '}
      {test.error
        ? `the rule could not be run (${test.error}).`
        : test.fires
          ? `fires on ${test.fired_on.length} of the article's observables (${test.fired_on.join('; ')}).`
          : `fires on none of the ${test.events} events built from the article's observables: it may not detect what the article describes.`}{' '}
      {test.baseline
        ? test.baseline.fires > 0
          ? `It also fires on ${test.baseline.fires} of ${test.baseline.events} benign baseline events, e.g. ${test.baseline.examples.join('; ')}.`
          : `Quiet on all ${test.baseline.events} benign baseline events.`
        : null}
    </div>
  );
}

/** A reference rule as reviewers cite it: its title linked to its text, with author, licence and path. */
function ReferenceRule({
  rule,
}: {
  rule: { rule_id: string; title: string; author: string | null; license: string | null; path: string | null; origin: string };
}) {
  const href = referenceRuleHref(rule);
  return (
    <>
      <a href={href} {...(href.startsWith('http') ? { rel: 'noreferrer noopener', target: '_blank' } : {})}>
        {rule.title}
      </a>
      <div className="muted small">
        {rule.author ?? 'unknown author'} · {rule.license ?? 'licence unknown'} · <span className="mono">{rule.path ?? rule.rule_id}</span>
      </div>
    </>
  );
}

function SimilarityBreakdown({ item }: { item: SigmaQueueItem }) {
  const best = item.matches[0];
  const verdict = similarityVerdict(item);
  const reference = useApi(
    sigmaQueueRoutes.getSigmaReferenceRules,
    { params: { rule_id: best?.attribution.rule_id ?? '' } },
    { enabled: best !== undefined },
  );
  if (!best) {
    return (
      <p className="muted small" data-testid="similarity-verdict">
        {item.similarity_inconclusive
          ? 'Similarity could not be computed for this rule.'
          : verdict.label === 'novel'
            ? 'No similar rule in the reference corpus: novel.'
            : 'No reference rule has similar detection logic, but reference rules already fire on its behaviour (above).'}
      </p>
    );
  }
  return (
    <div className="stack">
      <p className="small" data-testid="similarity-verdict">
        Best match: <strong>{verdict.label}</strong> — {item.matches.length} reference rule{item.matches.length === 1 ? '' : 's'} compared
        closest:
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="matched reference rules">
        <table className="data small" data-testid="similar-rules">
          <thead>
            <tr>
              <th className="num">similarity</th>
              <th>reference rule · author · licence · path</th>
              <th className="num">shared</th>
              <th className="num">only here</th>
              <th className="num">only there</th>
            </tr>
          </thead>
          <tbody>
            {item.matches.map((match) => (
              <tr key={match.attribution.rule_id}>
                <td className="num">{percent(match.score)}</td>
                <td>
                  <ReferenceRule rule={match.attribution} />
                </td>
                <td className="num">{match.shared_atoms.length}</td>
                <td className="num">{match.only_in_a.length}</td>
                <td className="num">{match.only_in_b.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details>
        <summary className="small">Atoms of the best match</summary>
        <div className="grid cols-3 small mono">
          <div>
            <strong>shared</strong>
            {best.shared_atoms.map((atom) => (
              <div key={atom}>{atom}</div>
            ))}
          </div>
          <div className="diff-add">
            <strong>only in this rule</strong>
            {best.only_in_a.map((atom) => (
              <div key={atom}>{atom}</div>
            ))}
          </div>
          <div className="diff-del">
            <strong>only in the reference</strong>
            {best.only_in_b.map((atom) => (
              <div key={atom}>{atom}</div>
            ))}
          </div>
        </div>
      </details>
      {reference.data ? (
        <details>
          <summary className="small">
            Diff against the best-matching reference rule ({reference.data.license}, {reference.data.author ?? 'unknown author'})
          </summary>
          <DiffView before={reference.data.rule_yaml} after={item.rule_yaml} labels={[`reference ${reference.data.title}`, 'this rule']} />
        </details>
      ) : null}
    </div>
  );
}

/** What review and enrichment changed since the rule was generated (or imported). */
function OriginalDiff({ item }: { item: { rule_yaml: string; original_rule_yaml: string | null; source: string } }) {
  const label = item.source === 'publisher' ? 'as imported' : 'as generated';
  if (item.original_rule_yaml === null) {
    return <p className="small muted">The rule {label} was not kept for this item (queued before originals were stored).</p>;
  }
  if (item.original_rule_yaml === item.rule_yaml) return <p className="small muted">Unchanged since it was queued ({label}).</p>;
  return (
    <details open>
      <summary className="small">Changes since it was queued ({label})</summary>
      <DiffView before={item.original_rule_yaml} after={item.rule_yaml} labels={[`rule ${label}`, 'saved rule']} />
    </details>
  );
}

export function RuleReview({ item, onNext }: { item: SigmaQueueItem; onNext: () => void }) {
  const canWrite = useCan('analyst');
  const theme = useTheme();
  const [draft, setDraft] = useState(item.rule_yaml);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const reasonRef = useRef<HTMLInputElement>(null);
  // Approving a rule that an edit stopped from firing on its own observables needs a reason (kept as the approval note).
  const [askingWhy, setAskingWhy] = useState(false);
  const [why, setWhy] = useState('');
  useEffect(() => setDraft(item.rule_yaml), [item.queue_id, item.rule_yaml]);
  useEffect(() => {
    setAskingWhy(false);
    setWhy('');
  }, [item.queue_id]);
  const findings = useLiveValidation(draft, item.validation_findings);
  const liveTest = useLiveSelfTest(item, draft);
  const settings = useApi(settingsRoutes.getSettings);
  const save = useApiMutation(sigmaQueueRoutes.putSigmaQueueRule, { invalidates: queueRoutes });
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
  const addNote = useApiMutation(sigmaQueueRoutes.postSigmaQueueReviewNotes, { invalidates: queueRoutes, onSuccess: () => setNote('') });
  const submit = useApiMutation(sigmaQueueRoutes.postSigmaQueueSubmit, { invalidates: queueRoutes });
  const open = item.status === 'pending' || item.status === 'needs_review';
  const edited = draft !== item.rule_yaml;
  const hasErrors = findings.some((finding) => finding.severity === 'error');
  const editedSinceQueued = item.original_rule_yaml !== null && item.original_rule_yaml !== item.rule_yaml;
  const stoppedFiring = editedSinceQueued && item.self_test !== null && !item.self_test.fires && !item.self_test.error;
  const requestApprove = () => {
    if (stoppedFiring) {
      setAskingWhy(true);
      return;
    }
    approve.mutate({ params: { queue_id: item.queue_id } }, thenNextIfStill());
  };
  const setting = (key: string) => settings.data?.settings.find((entry) => entry.key === key);
  const githubReady = Boolean(setting('GITHUB_TOKEN')?.configured && setting('GITHUB_REPO')?.configured);
  const submitBlocker =
    item.status !== 'approved'
      ? 'only approved rules are submitted'
      : !githubReady
        ? 'GitHub is not configured: set GITHUB_TOKEN and GITHUB_REPO in Settings'
        : item.delivery_permitted === false
          ? "the publisher's licence does not permit delivery"
          : null;

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
    <div className="stack" data-testid="rule-review">
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
      <YamlEditor
        value={draft}
        onChange={open && canWrite ? setDraft : undefined}
        readOnly={!open || !canWrite}
        findings={findings}
        theme={theme}
        label="Sigma rule YAML"
      />
      <Findings findings={findings} />
      <SelfTest item={item} live={{ edited, ...liveTest }} />
      <RuleQueries ruleYaml={draft} />
      {edited ? (
        <div className="stack">
          <DiffView before={item.rule_yaml} after={draft} labels={['saved rule', 'your edit']} />
          <div className="row">
            <button
              type="button"
              className="primary"
              disabled={save.isPending}
              onClick={() => save.mutate({ params: { queue_id: item.queue_id }, body: { rule_yaml: draft } })}
            >
              Save edit
            </button>
            <button type="button" onClick={() => setDraft(item.rule_yaml)}>
              Discard edit
            </button>
            {hasErrors ? (
              <span className="small finding error">The rule has errors; saving keeps it in review with its findings.</span>
            ) : null}
          </div>
        </div>
      ) : null}
      <ErrorNote error={save.error} action="Saving the rule" />
      <OriginalDiff item={item} />
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
        <form
          className="notice warn small stack"
          data-testid="approve-why"
          onSubmit={(event) => {
            event.preventDefault();
            if (why.trim())
              approve.mutate(
                { params: { queue_id: item.queue_id }, body: { note: `Approved although the self-test no longer fires: ${why.trim()}` } },
                thenNextIfStill(),
              );
          }}
        >
          <strong>Since it was edited, this rule no longer fires on the article&apos;s own observables (self-test).</strong>
          <label className="block">
            Why approve it anyway?
            <input aria-label="reason to approve anyway" value={why} onChange={(event) => setWhy(event.target.value)} autoFocus />
          </label>
          <div className="row">
            <button type="submit" className="ok" disabled={!why.trim() || approve.isPending}>
              Approve with this reason
            </button>
            <button
              type="button"
              onClick={() => {
                setAskingWhy(false);
                setWhy('');
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {submitBlocker && item.status === 'approved' ? <div className="small muted">Submit is unavailable: {submitBlocker}.</div> : null}
      <ErrorNote error={approve.error} action="Approve" />
      <ErrorNote error={reject.error} action="Reject" />
      <ErrorNote error={submit.error} action="Submit" />
      <BacktestPanel item={item} />
      {item.covered_by.length > 0 ? (
        <div className="notice warn small" data-testid="covered-by">
          <strong>Already detected:</strong> these reference rules fire on the behaviour this rule detects, so it waits for a decision:
          <ul>
            {item.covered_by.map((rule) => (
              <li key={rule.rule_id}>
                <ReferenceRule rule={rule} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h3>Similarity to the reference corpus</h3>
      <SimilarityBreakdown item={item} />
      <h3>Review notes</h3>
      {item.review_notes.length ? (
        <ul className="small">
          {item.review_notes.map((entry, index) => (
            <li key={index}>
              <strong>{entry.author ?? 'someone'}</strong> <span className="muted">{formatTime(entry.at)}</span>: {entry.note}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No notes yet.</p>
      )}
      <div className="row">
        <input
          aria-label="review note"
          placeholder="add a note for other reviewers"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          style={{ flex: 1 }}
          disabled={!canWrite}
        />
        <button
          type="button"
          disabled={!canWrite || !note.trim() || addNote.isPending}
          onClick={() => addNote.mutate({ params: { queue_id: item.queue_id }, body: { note: note.trim() } })}
        >
          Add note
        </button>
      </div>
      <ErrorNote error={addNote.error} action="Adding the note" />
      <EnrichmentPanel item={item} />
    </div>
  );
}
