import { builtinRank } from '@huntforge/scoring';
import { builtinSigmaInput, corpusChecks, generateBuiltinRules } from '@huntforge/sigma';
import type { BuiltinExtractionMemo } from './builtin-extraction-memo';
import type { AgentRunner } from './ports';

/**
 * The deterministic agents: rank from the hunt score and observable density, regex and grammar
 * extraction, Sigma rules from observable templates. No model, no network.
 */
export function createBuiltinAgents(options: {
  today: () => Date;
  repair: (rule: Record<string, unknown>, findings: Array<{ id: string; path: string }>) => Record<string, unknown> | null;
  extraction: BuiltinExtractionMemo;
}): AgentRunner {
  return {
    async rank({ article, text, observablesByType }) {
      const result = builtinRank({ huntScore: article.huntScore, observablesByType, text });
      return { score: result.score, reasoning: result.reasoning };
    },
    async extract(agent, { article, text }) {
      return { output: options.extraction.run(agent, text, article.url) };
    },
    async generateSigma({ article, platform, extraction, text, coverage }) {
      const drafts = generateBuiltinRules(
        builtinSigmaInput(
          { title: article.title, url: article.url, date: options.today().toISOString().slice(0, 10) },
          platform,
          extraction,
          text ?? article.content,
          coverage,
        ),
        corpusChecks,
      );
      return { rules: drafts.map((draft) => ({ telemetryClass: draft.telemetryClass, rule: draft.rule })) };
    },
    async repairSigma({ rule, findings }) {
      const repaired = rule.doc ? options.repair(rule.doc, findings) : null;
      return { candidate: repaired ? { rule: repaired } : null };
    },
  };
}
