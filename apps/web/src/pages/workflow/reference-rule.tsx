import type { SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts/sigma';
import { referenceRuleHref } from './similarity';

/** A reference rule as reviewers cite it: its title linked to its text, with author, licence and path. */
export function ReferenceRule({
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

/** The reference rules that already fire on what this rule detects (why it waits for a decision). */
export function CoveredBy({ item }: { item: Pick<SigmaQueueItem, 'covered_by'> }) {
  return (
    <>
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
    </>
  );
}
