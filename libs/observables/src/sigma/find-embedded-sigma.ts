import type { EmbeddedSigmaRule } from '@huntforge/contracts/extraction';
import { looksLikeSigma } from '../text/code-kind';
import type { ArticleDocument } from '../text/document';
import { recoverIndentation } from './recover-indentation';

// A line that can belong to a YAML rule: a key, a list item, an indented line or a comment.
const YAML_LINE = /^(?:\s*[A-Za-z0-9_.|-]+(?:\|[A-Za-z0-9_]+)*\s*:(?:\s.*)?|\s*-(?:\s.*)?|\s+\S.*|\s*#.*)$/;
// After a blank line a rule goes on only with an indented line, a list item or a Sigma top-level key.
const RESUMES_RULE =
  /^(?:\s+\S|\s*-\s|(?:id|related|status|description|references|author|date|modified|tags|logsource|detection|fields|falsepositives|level|license|name|taxonomy|scope)\s*:)/;

/**
 * Complete publisher-authored Sigma rules in the content: fenced or plain YAML blocks with title,
 * logsource and detection. A rule flattened by HTML extraction is re-indented when that is
 * unambiguous (see recoverIndentation); otherwise it is not reported. Offsets point at the article
 * text; `yaml` is the exact text, or the re-indented text when indentation_recovered.
 */
export function findEmbeddedSigmaRules(doc: ArticleDocument): EmbeddedSigmaRule[] {
  const rules: EmbeddedSigmaRule[] = [];
  for (const block of doc.codeBlocks) {
    if (!looksLikeSigma(block.text)) continue;
    let offset = block.start;
    for (const part of block.text.split(/^---[ \t]*$/m)) {
      const start = offset + (part.length - part.trimStart().length);
      offset += part.length + 3;
      const text = part.trim();
      if (looksLikeSigma(text)) pushRule(rules, text, start, 'fenced');
    }
  }
  for (let i = 0; i < doc.lines.length; i++) {
    if (doc.inFence[i] || !/^\s*title\s*:\s*\S/.test(doc.lines[i].text)) continue;
    let last = i;
    for (let k = i + 1; k < doc.lines.length && !doc.inFence[k]; k++) {
      const text = doc.lines[k].text;
      if (/^\s*title\s*:/.test(text) || /^---\s*$/.test(text)) break;
      if (!text.trim()) {
        const next = doc.lines[k + 1]?.text ?? '';
        if (!RESUMES_RULE.test(next)) break;
        continue;
      }
      if (!YAML_LINE.test(text)) break;
      last = k;
    }
    const start = doc.lines[i].start + (doc.lines[i].text.length - doc.lines[i].text.trimStart().length);
    const text = doc.content.slice(start, doc.lines[last].end);
    if (looksLikeSigma(text)) pushRule(rules, text, start, 'plain');
    i = last;
  }
  return rules.sort((a, b) => a.start - b.start);
}

function pushRule(rules: EmbeddedSigmaRule[], text: string, start: number, format: 'fenced' | 'plain'): void {
  const body = text.replace(/\s+$/, '');
  const flattened = !body.split('\n').some((l) => /^\s+\S/.test(l));
  const title =
    /^\s*title\s*:\s*(.+)$/m
      .exec(body)?.[1]
      ?.trim()
      .replace(/^["']|["']$/g, '') ?? '';
  if (!title) return;
  if (flattened) {
    // Prose may follow a flattened rule without a blank line: retry without up to five trailing lines.
    const lines = body.split('\n');
    for (let drop = 0; drop <= Math.min(5, lines.length - 4); drop++) {
      const text = lines.slice(0, lines.length - drop).join('\n');
      const recovered = recoverIndentation(text);
      if (recovered) {
        rules.push({ title, yaml: recovered, source_text: text, start, end: start + text.length, format, indentation_recovered: true });
        return;
      }
    }
    return;
  }
  rules.push({ title, yaml: `${body}\n`, source_text: body, start, end: start + body.length, format, indentation_recovered: false });
}
