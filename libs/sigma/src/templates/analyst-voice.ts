const FENCE = /^[ \t]*(?:```|~~~)/gm;

// The author or the reader running a command: "we ran", "analysts can use", "to decode the sample", "the following
// command can be used to check", "run this to check whether".
const ANALYST_VOICE = new RegExp(
  [
    String.raw`\b(?:we|I)\s+(?:then\s+|also\s+|first\s+|next\s+|simply\s+)?(?:ran|run|used|use|executed|issued|typed|queried|searched|collected|extracted|decoded|deobfuscated|hashed|checked|looked)\b(?!\s+(?:into|across)\b)`,
    String.raw`\b(?:analysts?|defenders?|investigators?|responders?|administrators?|admins|you|users|organi[sz]ations|(?:security|SOC|IR) teams?|hunters?)\s+(?:can|could|should|may|might|will want to|are advised to)\s+(?:also\s+)?(?:run|use|execute|check|search|hunt|look|review|query|collect|inspect|detect|identify|decode)\b`,
    String.raw`\bto (?:decode|deobfuscate|decrypt|unpack|analy[sz]e|inspect|examine|triage|hunt for|look for|search for|collect evidence|confirm whether|check whether|check if|verify whether|verify if|determine whether|determine if)\b`,
    String.raw`\b(?:can|could|may) be used to (?:check|verify|detect|identify|find|hunt|search|list|collect|decode|determine|confirm|look)\b`,
    String.raw`\bfollowing (?:command|query|script|one-liner)s? (?:can|could|will|may) (?:help|be used|show|reveal|detect|list)\b`,
  ].join('|'),
  'i',
);

// The intruder or their code doing something in the same sentence: then the command is theirs, whatever else is said.
const INTRUDER = String.raw`(?:attackers?|(?:threat )?actors?|adversar(?:y|ies)|intruders?|operators?|hackers?|malware|implants?|backdoors?|loaders?|droppers?|stealers?|ransomware|worms?|bots?|payloads?|samples?|binary|the (?:group|gang|crew|script|lure|campaign|page|site)|they|it)`;
const ACTS = String.raw`(?:ran|runs|run|running|executed|executes|issued|issues|used|uses|launched|launches|dropped|drops|downloaded|downloads|installed|installs|created|creates|attempted|attempts|tried|tries|spawned|spawns|invoked|invokes|leveraged|leverages|abused|abuses|deployed|deploys|typed|types|pasted|pastes|copies|copied)`;
const INTRUDER_ACTS = new RegExp(
  [
    // "the actor then ran", "attackers can use", "it executes"
    String.raw`\b${INTRUDER}\s+(?:then\s+|also\s+|later\s+|first\s+|next\s+|(?:can|could|may|might|would|will)\s+(?:also\s+)?)?${ACTS}\b`,
    // "executed by the actor", "the attacker's commands"
    String.raw`\b${ACTS}\s+by\s+(?:the\s+)?${INTRUDER}\b`,
    String.raw`\b(?:attacker|actor|adversary|intruder|operator)'s\b`,
    // the lure telling the victim what to paste
    String.raw`\b(?:victims?|users?|targets?) (?:are|is|were|was) (?:told|instructed|asked|tricked|lured)\b`,
  ].join('|'),
  'i',
);

/**
 * The prose that introduces the command at `start`: for a command in a fenced block, the last sentences before the
 * fence; for a command in a line of prose, the sentence up to it.
 */
export function leadIn(content: string, start: number): string {
  const before = content.slice(0, start);
  const fences = [...before.matchAll(FENCE)];
  const fenced = fences.length % 2 === 1;
  const prose = fenced ? before.slice(0, fences.at(-1)?.index ?? 0) : before;
  const paragraph =
    prose
      .trimEnd()
      .split(/\n\s*\n/)
      .at(-1) ?? '';
  const sentences = paragraph.slice(-400).split(/(?<=[.!?])\s+(?=[A-Z`"'(])/);
  // Before a block, the last two sentences ("To decode it, we ran the script below. It prints the C2 list:" keeps
  // the first); in prose, the sentence the command stands in.
  return sentences.slice(fenced ? -2 : -1).join(' ');
}

/**
 * True when the article says the author, the analyst or the reader runs the command at `start` (while
 * investigating, decoding a sample, checking a host), and no intruder acts in the same words. Such a command is
 * how the intrusion was looked at, not the intrusion. Offsets that do not point at the command say nothing.
 */
export function ranByAnalyst(content: string | undefined, evidence: { start: number; end: number; text: string } | undefined): boolean {
  if (!content || !evidence || content.slice(evidence.start, evidence.end) !== evidence.text) return false;
  const words = leadIn(content, evidence.start);
  return ANALYST_VOICE.test(words) && !INTRUDER_ACTS.test(words);
}
