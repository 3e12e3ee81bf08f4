import { isDefanged } from '@huntforge/observables';
import type { NetworkIndicatorItem } from '@huntforge/contracts/extraction';

const FENCE = /^[ \t]*(?:```|~~~)/gm;

/**
 * True when the span at `start` sits in code: inside a fenced block, inside an inline code span of its line,
 * or on an indented code line. Authors defang the indicators they list in prose, never the ones inside the
 * commands, scripts and logs they quote.
 */
export function inCode(content: string, start: number): boolean {
  const before = content.slice(0, start);
  if ((before.match(FENCE)?.length ?? 0) % 2 === 1) return true;
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.slice(lineStart);
  return (line.match(/`/g)?.length ?? 0) % 2 === 1 || /^(?: {4}|\t)/.test(line);
}

/**
 * The indicators an article reports as the intrusion's. An article that defangs its indicators
 * (`evil[.]com`, `hxxp://`) defangs all it lists, so a link it left live in its prose is a reference (a news
 * site, a vendor's page); live values inside code and the article's own command lines stay. Without the
 * article's text (nothing to tell prose from code) every indicator stays.
 */
export function reportedIndicators(
  items: readonly NetworkIndicatorItem[],
  context: { content?: string; commandLines: readonly string[] },
): NetworkIndicatorItem[] {
  const { content } = context;
  if (!content || !items.some((item) => isDefanged(item.evidence?.text ?? ''))) return [...items];
  return items.filter((item) => {
    const evidence = item.evidence;
    if (!evidence || isDefanged(evidence.text)) return true;
    // Offsets that do not point at the value in this text say nothing about where it stands.
    if (content.slice(evidence.start, evidence.end) !== evidence.text) return true;
    return inCode(content, evidence.start) || context.commandLines.some((line) => line.includes(item.value));
  });
}
