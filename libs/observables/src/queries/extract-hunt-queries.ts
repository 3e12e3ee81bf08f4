import type { HuntQueryItem, HuntQueryLanguage } from '@huntforge/contracts/extraction';
import { findEmbeddedSigmaRules } from '../sigma/find-embedded-sigma';
import { classifyCode, queryLanguageOf, SYSMON_EVENTS } from '../text/code-kind';
import { KUSTO_OPENING } from '../text/kusto';
import type { ArticleDocument } from '../text/document';

// SPL that starts with its first field=value term, with or without a macro before it (`\`sysmon\` EventCode=1`).
const SPL_FIELD_START = /^\s*(?:`\w+`\s+)?[A-Za-z_][\w.]*=(?:"|\*|\w)/;
// …searching: a command after a pipe or a wildcard, which a key=value log line (`EventID=4624 LogonType=3`) never has.
const SPL_SEARCHES = /\|\s*[a-z]|=\s*"?[^"\s|]*\*/;
// First line of a query written outside a code block (HTML extraction often drops the fences); SPL that opens with a
// field is QUERY_START's only when it searches.
const OTHER_QUERY_START = new RegExp(
  [
    KUSTO_OPENING.source,
    String.raw`^\s*(?:let\s+\w+\s*=|index\s*=|sourcetype\s*=|\|\s*tstats\b|(?:process|file|network|registry|library|dns|any)\s+where\b|sequence\b|SELECT\b)`,
    String.raw`^\s*(?:(?:datamodel\s+)?dataset\s*=|preset\s*=|config\s+case_sensitive|Get-WinEvent\b|Get-EventLog\b|Search-UnifiedAuditLog\b)`,
    String.raw`^\s*(?:FROM\s+[\w.*,:-]+\s*(?:\||$)|-\s*(?:rule|macro)\s*:|(?:sudo\s+)?(?:auditctl\s+)?(?:-w\s+\/\S*\s+-p\b|-a\s+(?:always|never|exit|task|user|exclude),[a-z]+\b))`,
    String.raw`^\s*<(?:Sysmon|EventFiltering|${SYSMON_EVENTS})\b`,
    String.raw`^\s*(?:\(*[a-z_]+(?:\.[a-z_]+)+\s*:\s*["(\w*]|[a-z_.]{2,40}:\S+\s+(?:AND|OR)\s+(?:NOT\s+)?[a-z_.]{2,40}:)`,
  ].join('|'),
  'i',
);
const QUERY_START = new RegExp(`${OTHER_QUERY_START.source}|${SPL_FIELD_START.source}`, 'i');
// A Kusto table alone on its line, its first operator on the next: `DeviceTvmSoftwareInventory` / `| where …`.
const BARE_SOURCE = /^\s*[A-Za-z_]\w*\s*$/;
const PIPED_NEXT = /^\s*\|\s*[a-z][\w-]*\b/;

// A short label naming a query before it on the same line: "Query:", "Hunting query:", "KQL:", "urlscan.io search:".
const QUERY_LABEL =
  /^\s*(?:>\s+|#{1,6}\s+|(?:[-*]\s+)?(?:[A-Za-z][\w ()./-]{0,40}?\s)?(?:query|queries|kql|eql|esql|es\|ql|spl|lucene|kibana|osquery|search|hunt)\s*:[ \t]+)(?=\S)/i;
// A pages's heading markup around a query ("###### event.module:okta AND …") is read as a label above.
// An SQL statement a sentence gives as its query ("you can perform a simple query: SELECT version FROM kernel_info;").
const PROSE_SQL =
  /\bquer(?:y|ies)\b[^.:\n]{0,60}:\s*(SELECT\s+[\w*,. ()]{1,200}?\s+FROM\s+\w+(?:\s+(?:WHERE|JOIN|GROUP\s+BY|ORDER\s+BY|LIMIT)\s+[^;\n]{1,300})?;)/gi;
// Inline code shorter than this is a field or a value (`process.name : "sh"`), not a query.
const MIN_INLINE_QUERY = 30;
// Languages whose syntax is a query's by itself: a rule line or an event filter needs no comparison to be one.
const STRUCTURED = new Set<HuntQueryLanguage>(['auditd', 'sysmon', 'falco', 'kql', 'xql', 'esql']);
// A query compares or combines: a comparison, a boolean operator or a pipe into another stage.
const QUERY_OPERATOR = /==|!=|\s:\s|\b(?:and|or|not)\b|\|\s*\w|\bwhere\b/i;

/**
 * Hunt queries the publisher wrote: KQL, SPL, EQL, ES|QL, Kibana/Lucene, osquery, XQL, Falco rules, auditd rules, Sysmon
 * configuration filters and PowerShell event-log searches, fenced or not, and Sigma
 * rules (each embedded rule is one query). The text is kept exactly as written.
 */
export function extractHuntQueries(doc: ArticleDocument): HuntQueryItem[] {
  const items: HuntQueryItem[] = [];
  const taken: Array<[number, number]> = [];
  const add: AddQuery = (start, end, language, confidence, value) => {
    while (end > start && /\s/.test(doc.content[end - 1])) end--;
    if (end <= start || taken.some(([s, e]) => start < e && end > s)) return;
    taken.push([start, end]);
    const text = doc.content.slice(start, end);
    items.push({ value: value ?? text, language, evidence: { start, end, text }, confidence });
  };

  for (const rule of findEmbeddedSigmaRules(doc)) add(rule.start, rule.end, 'sigma', rule.indentation_recovered ? 0.8 : 0.95);

  for (const block of doc.codeBlocks) {
    const kind = classifyCode(block.text, block.lang);
    if (kind.kind === 'query' && kind.language !== 'sigma') add(block.start, block.end, kind.language, block.lang ? 0.95 : 0.85);
    else if (kind.kind !== 'query') fromBlockParts(block.text, block.start, add);
  }

  // Unfenced queries: a paragraph whose first line opens a query and whose text reads as one.
  for (let i = 0; i < doc.lines.length; i++) {
    const line = doc.lines[i];
    if (doc.inFence[i]) continue;
    // "Hunting query: event.dataset:okta.system and …": the label is not part of the query.
    const label = QUERY_LABEL.exec(line.text)?.[0].length ?? 0;
    if (!opensQuery(doc, i, line.text.slice(label))) continue;
    const last = paragraphEnd(doc, i, line.text.slice(label));
    const start = line.start + label + (line.text.slice(label).length - line.text.slice(label).trimStart().length);
    const end = doc.lines[last].end;
    const language = queryLanguageOf(doc.content.slice(start, end));
    if (language && language !== 'sigma') add(start, end, language, 0.75);
    i = last;
  }

  for (const m of doc.content.matchAll(PROSE_SQL)) {
    const start = m.index + m[0].lastIndexOf(m[1] as string);
    if (!doc.isInCode(start)) add(start, start + (m[1] as string).length, 'osquery', 0.65);
  }

  fromTableCells(doc, add);

  // A query set as inline code in a sentence ("the hunt `process where process.name == "osascript" and …` finds …").
  for (const code of doc.inlineCode) {
    if (code.text.trim().length < MIN_INLINE_QUERY || !QUERY_START.test(code.text)) continue;
    const language = queryLanguageOf(code.text);
    if (language && language !== 'sigma' && (STRUCTURED.has(language) || QUERY_OPERATOR.test(code.text)))
      add(code.start, code.end, language, 0.7);
  }
  return items.sort((a, b) => a.evidence.start - b.evidence.start);
}

type AddQuery = (start: number, end: number, language: HuntQueryLanguage, confidence: number, value?: string) => void;

const TABLE_ROW = /^\s*\|.*\|\s*$/;
// A row longer than this is no table a page shows (a run of bars in a dump): its cells are not read.
const MAX_TABLE_ROW = 5000;
// A cell's text up to the next unescaped bar: GFM writes a pipe inside a cell as `\|`, inside code spans too.
const TABLE_CELL = /(?<=\|)(?:[^|\\]|\\.)+(?=\|)/g;

/**
 * Queries in the cells of a table ("| Encoded PowerShell | `DeviceProcessEvents \| where … has "-enc"` |"): the cell's
 * text, as code or not, is the evidence; its value is the query with the table's escaped pipes read as pipes.
 */
function fromTableCells(doc: ArticleDocument, add: AddQuery): void {
  for (const line of doc.lines) {
    if (doc.inFence[line.index] || line.text.length > MAX_TABLE_ROW || !TABLE_ROW.test(line.text)) continue;
    for (const cell of line.text.matchAll(TABLE_CELL)) {
      const code = /^(\s*`{1,2})([^`]+)`{1,2}\s*$/.exec(cell[0]);
      const lead = code ? (code[1] as string).length : cell[0].length - cell[0].trimStart().length;
      const written = code ? (code[2] as string) : cell[0].trim();
      const value = written.replace(/\\\|/g, '|').trim();
      if (value.length < MIN_INLINE_QUERY || !QUERY_START.test(value)) continue;
      const language = queryLanguageOf(value);
      if (!language || language === 'sigma' || !(STRUCTURED.has(language) || QUERY_OPERATOR.test(value))) continue;
      const start = line.start + (cell.index ?? 0) + lead;
      add(start, start + written.trimEnd().length, language, 0.7, value === written ? undefined : value);
    }
  }
}

// Structured rules a page may space out with blank lines (each YAML key or XML element a paragraph of its own): a
// Falco item goes on while its keys follow, a Sysmon configuration while its elements do.
const FALCO_ITEM = /^\s*-\s*(?:rule|macro|list)\s*:/;
const FALCO_KEY = /^\s+\S|^\s*(?:desc|condition|output|priority|tags|source|enabled|exceptions|items|append|required_engine_version)\s*:/;
const SYSMON_OPENING = /^\s*<(?:Sysmon|EventFiltering|RuleGroup)\b/;
const XML_LINE = /^\s*<\/?[A-Za-z]/;

/** The last line of the query that opens at line `first`: its paragraph, and for spaced-out rules the paragraphs that carry on. */
function paragraphEnd(doc: ArticleDocument, first: number, text: string): number {
  const carriesOn = FALCO_ITEM.test(text) ? FALCO_KEY : SYSMON_OPENING.test(text) ? XML_LINE : null;
  let last = first;
  for (let i = first + 1; i < doc.lines.length && !doc.inFence[i]; i++) {
    const line = doc.lines[i].text;
    if (!line.trim()) {
      if (!carriesOn) break;
      continue;
    }
    if (i > last + 1 && !(carriesOn?.test(line) || FALCO_ITEM.test(line))) break;
    last = i;
  }
  return last;
}

/** Whether line `index` (its text after any label) opens a query: its first words, or a table piped on the next line. */
function opensQuery(doc: ArticleDocument, index: number, text: string): boolean {
  const next = doc.lines[index + 1];
  if (OTHER_QUERY_START.test(text)) return true;
  if (SPL_FIELD_START.test(text)) return SPL_SEARCHES.test(`${text}\n${next?.text ?? ''}`);
  return BARE_SOURCE.test(text) && !!next && !doc.inFence[next.index] && PIPED_NEXT.test(next.text);
}

/**
 * A block that is not one query as a whole may hold one after a line of prose ("KQL query to detect X", a
 * blank line, then the query): each blank-line-separated part that reads as a query is one.
 */
function fromBlockParts(text: string, offset: number, add: AddQuery): void {
  const parts = [...text.matchAll(/[^\n](?:[^\n]|\n(?!\s*\n))*/g)];
  if (parts.length < 2) return;
  for (const part of parts) {
    const kind = classifyCode(part[0], '');
    if (kind.kind === 'query' && kind.language !== 'sigma' && QUERY_OPERATOR.test(part[0]))
      add(offset + part.index, offset + part.index + part[0].length, kind.language, 0.7);
  }
}
