import type { AgentOutputs, ExtractionAgent } from '@huntforge/contracts/extraction';
import { BUILTIN_AGENTS, parseDocument, type ArticleDocument } from '@huntforge/observables';

const MAX_TEXTS = 16;

interface Entry {
  doc: ArticleDocument;
  outputs: Map<ExtractionAgent, AgentOutputs[ExtractionAgent]>;
}

/**
 * The builtin extractors are pure, and a run asks them twice about the same kept text (the ranking's
 * observable counts, then the extraction stage): the text is parsed once and each agent's output reused.
 */
export class BuiltinExtractionMemo {
  private readonly entries = new Map<string, Entry>();

  run<A extends ExtractionAgent>(agent: A, text: string, articleUrl: string): AgentOutputs[A] {
    const key = `${articleUrl}\u0000${text}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { doc: parseDocument(text), outputs: new Map() };
      this.entries.set(key, entry);
      if (this.entries.size > MAX_TEXTS) this.entries.delete(this.entries.keys().next().value as string);
    }
    let output = entry.outputs.get(agent) as AgentOutputs[A] | undefined;
    if (!output) {
      output = (BUILTIN_AGENTS[agent] as (doc: ArticleDocument, options: { articleUrl: string }) => AgentOutputs[A])(entry.doc, {
        articleUrl,
      });
      entry.outputs.set(agent, output);
    }
    return output;
  }
}
