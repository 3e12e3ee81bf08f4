import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type ExecutionRuleRecord } from '@huntforge/contracts/executions';
import { isDetectionRule, isFilterRule, type SigmaDocument } from '@huntforge/contracts/sigma';
import { percent } from '../../components/format';
import { RuleQueries } from './rule-queries';

/** `windows / process_creation`: the logsource a detection rule reads, as reviewers say it. */
function logsourceOf(rule: SigmaDocument | null): string | null {
  if (!rule || !isDetectionRule(rule)) return null;
  const { product, category, service } = rule.logsource;
  return [product, category ?? service].filter(Boolean).join(' / ') || null;
}

function RuleBadges({ record }: { record: ExecutionRuleRecord }) {
  const similarity = record.source === 'generated' ? record.similarity : undefined;
  const selfTest = record.source === 'generated' ? record.self_test : null;
  const coveredBy = record.source === 'generated' ? record.covered_by : [];
  const level = record.rule && 'level' in record.rule ? record.rule.level : undefined;
  return (
    <>
      <span className="badge">{record.source}</span> {level ? <span className="badge">{level}</span> : null}{' '}
      {!record.validation.valid ? <span className="badge warn">invalid</span> : null}{' '}
      {similarity ? (
        <span className="muted small" title="similarity of the best match in the reference corpus when the run compared it">
          best corpus match {percent(similarity.max_similarity)}
        </span>
      ) : null}{' '}
      {record.queue.outcome === 'linked' ? (
        <span className="badge info" title="This rule repeats a rule already in the queue, so it was not queued again">
          same as queue item #{record.queue.queue_id}
        </span>
      ) : (
        <span className="badge info">{record.queue.outcome}</span>
      )}{' '}
      {selfTest && !selfTest.fires && !selfTest.error ? (
        <span className="badge warn" title={`Tried on ${selfTest.events} events built from the article's observables`}>
          fires on none of its observables
        </span>
      ) : null}{' '}
      {selfTest?.baseline?.fires ? (
        <span className="badge warn" title={selfTest.baseline.examples.join('\n')}>
          fires on {selfTest.baseline.fires} of {selfTest.baseline.events} benign events
        </span>
      ) : null}{' '}
      {coveredBy.length > 0 ? (
        <span className="badge warn" title={coveredBy.map((c) => c.title).join('\n')}>
          covered by {coveredBy.length} reference rule{coveredBy.length === 1 ? '' : 's'}
        </span>
      ) : null}{' '}
    </>
  );
}

/**
 * A rule's fold; its SIEM queries are converted only while it is open, so a run with many rules costs one
 * conversion per rule the reader looks at.
 */
function RuleFold({
  initiallyOpen,
  summary,
  ruleYaml,
  children,
}: {
  initiallyOpen: boolean;
  summary: ReactNode;
  ruleYaml: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
      {open ? <RuleQueries ruleYaml={ruleYaml} /> : null}
    </details>
  );
}

/** The rules of an execution: what each one is, what the run learned about it, its YAML and its SIEM queries. */
export function ExecutionRules({ rules }: { rules: ExecutionRuleRecord[] }) {
  return (
    <>
      <h3>Sigma rules ({rules.length})</h3>
      {rules.length === 0 ? <p className="muted">No rule was generated.</p> : null}
      {rules.map((record, index) => {
        const selfTest = record.source === 'generated' ? record.self_test : null;
        const coveredBy = record.source === 'generated' ? record.covered_by : [];
        const logsource = logsourceOf(record.rule);
        const tags = record.rule && !isFilterRule(record.rule) ? (record.rule.tags ?? []) : [];
        return (
          <RuleFold
            key={index}
            initiallyOpen={index === 0}
            ruleYaml={record.yaml}
            summary={
              <>
                {record.title ?? 'untitled rule'} <RuleBadges record={record} />
              </>
            }
          >
            {/* In the fold, not its summary: a link inside <summary> is an interactive control nested in another. */}
            {record.queue.queue_id ? (
              <p className="small">
                <Link to={`/workflow?item=${record.queue.queue_id}#queue`}>Review in the queue (item #{record.queue.queue_id})</Link>
              </p>
            ) : null}
            {logsource || tags.length > 0 ? (
              <p className="muted small">
                {logsource}
                {logsource && tags.length > 0 ? ' · ' : ''}
                {tags.join(' ')}
              </p>
            ) : null}
            {selfTest?.fires ? <p className="muted small">Fires on: {selfTest.fired_on.join('; ')}</p> : null}
            {coveredBy.length > 0 ? <p className="small">Already detected by: {coveredBy.map((c) => c.title).join('; ')}</p> : null}
            {selfTest?.baseline?.fires ? (
              <p className="muted small">Also fires on ordinary activity (level lowered): {selfTest.baseline.examples.join('; ')}</p>
            ) : null}
            {record.validation.findings.length > 0 ? (
              <ul className="small">
                {record.validation.findings.map((finding, at) => (
                  <li key={at} className={`finding ${finding.severity}`}>
                    {finding.severity} {finding.path ? `${finding.path}: ` : ''}
                    {finding.message}
                  </li>
                ))}
              </ul>
            ) : null}
            <pre className="article-text" tabIndex={0} role="region" aria-label="rule YAML">
              {record.yaml}
            </pre>
          </RuleFold>
        );
      })}
    </>
  );
}
