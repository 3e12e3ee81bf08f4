import type { ExecutionCoverage } from '@huntforge/contracts/executions';
import { runBuiltinExtraction } from '@huntforge/observables';
import { BuiltinExtractionMemo } from './builtin-extraction-memo';
import { createBuiltinAgents } from './builtin-agents';

const line = 'packer.exe -add -recurse';
const article = {
  id: 1,
  title: 'Intrusion notes',
  url: 'https://research.example.org/notes',
  content: `The intruder packed what it collected:\n\n\`\`\`\n${line}\n\`\`\`\n`,
  huntScore: 50,
  publishedAt: null,
};

// What the coverage stage recorded for the execution: our own fixture rule fired on the command line, and why.
const coverage: ExecutionCoverage = {
  corpus_rules: 1,
  uncovered: [],
  covered: [
    {
      observable: `cmdline: ${line}`,
      rules: [
        {
          rule_id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e10',
          title: 'Staging Archive Packed Via Packer',
          author: 'Fixture Author',
          license: 'DRL-1.1',
          origin: 'sigmahq',
          path: null,
          level: 'high',
          status: 'test',
          tags: ['attack.collection', 'attack.t1560.001'],
          matched: [
            { selection: 'selection_img', field: 'Image', modifiers: ['endswith'], values: ['\\packer.exe'] },
            { selection: 'selection_verb', field: 'CommandLine', modifiers: ['contains', 'windash'], values: ['-add '] },
            { selection: 'selection_scope', field: 'CommandLine', modifiers: ['contains'], values: ['-recurse'] },
          ],
        },
      ],
    },
  ],
};

describe('builtin SigmaAgent in the pipeline', () => {
  const agents = createBuiltinAgents({
    today: () => new Date('2026-11-28T00:00:00Z'),
    repair: () => null,
    extraction: new BuiltinExtractionMemo(),
  });
  const extraction = runBuiltinExtraction(article.content, { platform: 'windows', articleUrl: article.url });
  const signal = new AbortController().signal;
  const derivedFrom = (rules: Array<{ rule?: unknown }>) =>
    rules.flatMap(({ rule }) => ((rule as { related?: Array<{ id: string }> } | undefined)?.related ?? []).map((related) => related.id));

  it("keys a behaviour rule on the execution's coverage, derived from the reference rule", async () => {
    const { rules } = await agents.generateSigma({ article, platform: 'windows', extraction, coverage }, signal);
    expect(derivedFrom(rules)).toEqual(['0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e10']);
  });

  it('derives nothing without coverage', async () => {
    const { rules } = await agents.generateSigma({ article, platform: 'windows', extraction, coverage: null }, signal);
    expect(derivedFrom(rules)).toEqual([]);
  });
});
