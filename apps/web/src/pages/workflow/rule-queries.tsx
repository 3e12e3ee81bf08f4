import { useEffect, useState } from 'react';
import { sigmaQueueRoutes } from '@huntforge/contracts/api';
import { type ConvertRuleResponse } from '@huntforge/contracts/sigma';
import { callRoute } from '../../api/client';

type Converted = ConvertRuleResponse['results'][number];

/** The rule as the queries of the team's SIEM targets, converted again (debounced) as the rule is edited. */
function useConvertedQueries(ruleYaml: string) {
  const [results, setResults] = useState<readonly Converted[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!ruleYaml.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callRoute(sigmaQueueRoutes.postSigmaConvert, { body: { rule_yaml: ruleYaml }, signal: controller.signal })
        .then((answer) => {
          setResults(answer.results);
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setProblem(error instanceof Error ? error.message : String(error));
        });
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ruleYaml]);
  return { results, problem };
}

const queryText = (result: Converted): string =>
  result.queries.map((query) => (typeof query === 'string' ? query : JSON.stringify(query, null, 2))).join('\n\n');

const tabLabel = (result: Converted): string => [result.target, ...result.pipelines].join(' + ');

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="small"
      disabled={text === ''}
      onClick={() => {
        void navigator.clipboard
          .writeText(text)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          })
          .catch(() => setCopied(false));
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/**
 * One tab per configured target (the setting SIGMA_CONVERT_TARGETS) with the query the SIEM would
 * run and a copy button; a target that cannot express the rule says why.
 */
export function RuleQueries({ ruleYaml }: { ruleYaml: string }) {
  const { results, problem } = useConvertedQueries(ruleYaml);
  const [selected, setSelected] = useState(0);
  if (problem && !results)
    return (
      <p className="small muted" data-testid="rule-queries">
        Queries unavailable: {problem}
      </p>
    );
  if (!results)
    return (
      <p className="small muted" data-testid="rule-queries">
        Converting the rule to SIEM queries…
      </p>
    );
  const index = Math.min(selected, results.length - 1);
  const current = results[index];
  return (
    <section className="stack" data-testid="rule-queries">
      <div className="row" role="tablist" aria-label="SIEM queries">
        {results.map((result, position) => (
          <button
            key={`${tabLabel(result)}:${position}`}
            type="button"
            role="tab"
            aria-selected={position === index}
            className={position === index ? 'primary' : ''}
            onClick={() => setSelected(position)}
          >
            {tabLabel(result)}
          </button>
        ))}
      </div>
      {problem ? <p className="small finding warn">The edit does not convert ({problem}); showing the last queries.</p> : null}
      {current ? (
        <div role="tabpanel" aria-label={`${tabLabel(current)} query`} className="stack">
          {current.error ? (
            <p className="small finding error" data-testid="query-error">
              {current.target} cannot express this rule: {current.error.message}
            </p>
          ) : (
            <>
              <div className="row spread">
                <span className="small muted">
                  {current.queries.length === 1 ? 'Query' : `${current.queries.length} queries`} for {tabLabel(current)}
                </span>
                <CopyButton text={queryText(current)} />
              </div>
              <pre className="article-text mono" data-testid="query-text">
                {queryText(current)}
              </pre>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
