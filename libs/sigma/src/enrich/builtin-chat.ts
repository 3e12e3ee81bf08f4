import { parseSigmaRule } from '../parse/parse-rule';
import { cloneDoc } from '../parse/clone';
import { renderRule } from '../render/render-rule';
import { LEVELS, STATUSES } from '../validate/metadata-checks';

export interface ChatTurnInput {
  message: string;
  ruleYaml: string;
  /** Earlier turns, oldest first (system prompts never included). */
  history: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>;
}

export type ChatTurnOutcome = { kind: 'reply'; content: string; ruleYaml: string | null } | { kind: 'out_of_scope'; reason: string };

/** Words that tie a message to the rule under review or to the earlier turns. */
const IN_SCOPE =
  /\b(rules?|sigma|detections?|levels?|tags?|fields?|conditions?|selections?|filters?|false ?positives?|references?|titles?|descriptions?|logsource|yaml|techniques?|tactics?|att&ck|attack|enrich\w*|earlier|previous|last (turn|change|answer)|you (changed|added|did)|why|status|modifier\w*|severity)\b/i;
/** Requests the enrichment conversation must refuse even if they mention the rule. */
const OFF_LIMITS =
  /\b(ignore (all |the )?(previous|above) instructions|system prompt|api key|password|credential|other (rule|queue item)s?|write (a|an) (poem|story|essay|email)|weather|stock price|translate)\b/i;

/**
 * The builtin provider's follow-up turn: understands a few explicit edits (level, status, title,
 * description, tags, false positives, references) and questions about earlier turns; refuses
 * anything not about revising this rule.
 */
export function builtinChatTurn(input: ChatTurnInput): ChatTurnOutcome {
  const message = input.message.trim();
  if (OFF_LIMITS.test(message)) return { kind: 'out_of_scope', reason: 'The request is not about revising this rule.' };
  const edit = applyEdit(message, input.ruleYaml);
  if (edit) return { kind: 'reply', content: edit.summary, ruleYaml: edit.ruleYaml };
  if (!IN_SCOPE.test(message)) {
    return { kind: 'out_of_scope', reason: 'Turns are limited to revising this rule or discussing the earlier enrichment turns.' };
  }
  const lastAssistant = [...input.history].reverse().find((turn) => turn.role === 'assistant');
  const recap = lastAssistant ? ` Last time: ${lastAssistant.content}` : '';
  return {
    kind: 'reply',
    content: 'I can set the level, status, title or description, add or remove tags, and add false positives or references.' + recap,
    ruleYaml: null,
  };
}

interface Edit {
  summary: string;
  ruleYaml: string;
}

type EditRule = [RegExp, (doc: Record<string, unknown>, value: string, verb: string) => string | null];

const listOf = (doc: Record<string, unknown>, key: string): string[] =>
  Array.isArray(doc[key]) ? (doc[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];

/** Each rule: a pattern whose last group is the value (an optional earlier group is the verb), and the edit; null = not applicable. */
const EDIT_RULES: EditRule[] = [
  [
    /\b(?:set|change|make)\s+(?:the\s+)?level\s+(?:to\s+)?(\w+)/i,
    (doc, value) => {
      if (!(LEVELS as readonly string[]).includes(value.toLowerCase())) return null;
      doc.level = value.toLowerCase();
      return `Set level to ${value.toLowerCase()}.`;
    },
  ],
  [
    /\b(?:set|change)\s+(?:the\s+)?status\s+(?:to\s+)?(\w+)/i,
    (doc, value) => {
      if (!(STATUSES as readonly string[]).includes(value.toLowerCase())) return null;
      doc.status = value.toLowerCase();
      return `Set status to ${value.toLowerCase()}.`;
    },
  ],
  [
    /\b(?:set|change|rename)\s+(?:the\s+)?title\s+(?:to\s+)?["']?(.+?)["']?\s*$/i,
    (doc, value) => {
      doc.title = value;
      return `Set the title to "${value}".`;
    },
  ],
  [
    /\b(?:set|change)\s+(?:the\s+)?description\s+(?:to\s+)?["']?(.+?)["']?\s*$/i,
    (doc, value) => {
      doc.description = value;
      return 'Replaced the description.';
    },
  ],
  [
    /\b(add|remove)\s+(?:the\s+)?tag\s+((?:attack\.)?[a-z0-9._-]+)/i,
    (doc, value, verb) => {
      const tag = normaliseTag(value);
      const tags = listOf(doc, 'tags');
      const adding = verb.toLowerCase() === 'add';
      doc.tags = adding ? (tags.includes(tag) ? tags : [...tags, tag]) : tags.filter((t) => t !== tag);
      return `${adding ? 'Added' : 'Removed'} tag ${tag}.`;
    },
  ],
  [
    /\badd\s+(?:a\s+)?false ?positives?:?\s+["']?(.+?)["']?\s*$/i,
    (doc, value) => {
      doc.falsepositives = [...listOf(doc, 'falsepositives').filter((fp) => fp !== 'Unknown'), value];
      return `Added false positive "${value}".`;
    },
  ],
  [
    /\badd\s+(?:a\s+)?reference:?\s+(https?:\/\/\S+)/i,
    (doc, value) => {
      doc.references = [...new Set([...listOf(doc, 'references'), value])];
      return `Added reference ${value}.`;
    },
  ],
];

function applyEdit(message: string, ruleYaml: string): Edit | null {
  const parsed = parseSigmaRule(ruleYaml);
  if (!parsed.ok) return null;
  for (const [pattern, edit] of EDIT_RULES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const groups = match.slice(1).filter((group): group is string => group !== undefined);
    const value = groups[groups.length - 1] ?? '';
    const doc = cloneDoc(parsed.rule.doc);
    const summary = edit(doc, value, groups[0] ?? '');
    if (summary) return { summary, ruleYaml: renderRule(doc) };
  }
  return null;
}

function normaliseTag(tag: string): string {
  const lowered = tag.toLowerCase();
  return /^t\d{4}/.test(lowered) ? `attack.${lowered}` : lowered;
}
