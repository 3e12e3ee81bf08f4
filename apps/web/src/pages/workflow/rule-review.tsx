import { useEffect, useState } from 'react';
import { sigmaQueueRoutes } from '@huntforge/contracts/api';
import { type SigmaFinding, type SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts/sigma';
import { useApi, useApiMutation } from '../../api/hooks';
import { callRoute } from '../../api/client';
import { DiffView } from '../../components/diff-view';
import { percent } from '../../components/format';
import { ErrorNote } from '../../components/query-state';
import { useCan } from '../../components/session';
import { useTheme } from '../../components/use-theme';
import { YamlEditor } from '../../components/yaml-editor';
import { BacktestPanel } from './backtest-panel';
import { EnrichmentPanel } from './enrichment-panel';
import { CoveredBy, ReferenceRule } from './reference-rule';
import { ReviewActions } from './review-actions';
import { ReviewNotes } from './review-notes';
import { RuleHeading } from './rule-heading';
import { RuleQueries } from './rule-queries';
import { queueRoutes } from './queue-routes';
import { similarityVerdict } from './similarity';

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

/** The edit against the saved rule, with Save and Discard (shown only while there is an edit). */
function EditBar({
  item,
  draft,
  findings,
  onDiscard,
}: {
  item: SigmaQueueItem;
  draft: string;
  findings: readonly SigmaFinding[];
  onDiscard: () => void;
}) {
  const save = useApiMutation(sigmaQueueRoutes.putSigmaQueueRule, { invalidates: queueRoutes });
  const edited = draft !== item.rule_yaml;
  const hasErrors = findings.some((finding) => finding.severity === 'error');
  return (
    <>
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
            <button type="button" onClick={onDiscard}>
              Discard edit
            </button>
            {hasErrors ? (
              <span className="small finding error">The rule has errors; saving keeps it in review with its findings.</span>
            ) : null}
          </div>
        </div>
      ) : null}
      <ErrorNote error={save.error} action="Saving the rule" />
    </>
  );
}

export function RuleReview({ item, onNext }: { item: SigmaQueueItem; onNext: () => void }) {
  const canWrite = useCan('analyst');
  const theme = useTheme();
  // An edit belongs to the item and the saved text it was made on: another item, or the edit saved, starts clean.
  // Derived rather than reset in an effect, so no render ever pairs an item with the previous item's text (a
  // shortcut pressed in that render would see an edit and do nothing).
  const [edit, setEdit] = useState<{ queueId: number; base: string; text: string } | null>(null);
  const draft = edit && edit.queueId === item.queue_id && edit.base === item.rule_yaml ? edit.text : item.rule_yaml;
  const setDraft = (text: string) => setEdit({ queueId: item.queue_id, base: item.rule_yaml, text });
  const findings = useLiveValidation(draft, item.validation_findings);
  const liveTest = useLiveSelfTest(item, draft);
  const open = item.status === 'pending' || item.status === 'needs_review';
  const edited = draft !== item.rule_yaml;

  return (
    <div className="stack" data-testid="rule-review">
      <RuleHeading item={item} />
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
      <EditBar item={item} draft={draft} findings={findings} onDiscard={() => setEdit(null)} />
      <OriginalDiff item={item} />
      <ReviewActions item={item} edited={edited} canWrite={canWrite} onNext={onNext} />
      <BacktestPanel item={item} />
      <CoveredBy item={item} />
      <h3>Similarity to the reference corpus</h3>
      <SimilarityBreakdown item={item} />
      <ReviewNotes item={item} canWrite={canWrite} />
      <EnrichmentPanel item={item} />
    </div>
  );
}
