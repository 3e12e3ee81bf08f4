/** Words a title may not end on: a subject that stops on one reads as cut off. */
const DANGLING = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'in',
  'on',
  'for',
  'by',
  'via',
  'with',
  'and',
  'or',
  'from',
  'into',
  'at',
  'as',
  'that',
  'its',
  'their',
  'new',
  'how',
]);
const MAX_SUBJECT = 60;

/** Parenthesised remarks, quotes and trailing punctuation: what a title does not need. */
const tidy = (text: string) =>
  text
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/["“”‘’`]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:.!?–—-]+$/, '')
    .trim();

/** Words that join a clause of their own: a headline cut after one, however far, reads cut. */
const CONJUNCTIONS = new Set(['&', 'and', 'or', 'while', 'amid']);
/** Words that open a phrase, which reads whole once it has two words ("to deliver EtherRAT", not "to deploy"). */
const PREPOSITIONS = new Set(['to', 'via', 'with', 'using', 'through', 'after', 'before']);
const MIN_WORDS = 3;

function opensUnfinishedPhrase(kept: readonly string[], index: number): boolean {
  if (index < MIN_WORDS) return false;
  const word = (kept[index] ?? '').toLowerCase();
  return CONJUNCTIONS.has(word) || (PREPOSITIONS.has(word) && kept.length - index - 1 < 2);
}

/**
 * Whole words from the start, at most `max` characters, never ending on a word that needs a continuation. When
 * words had to go, it stops before a clause or phrase the cut left unfinished ("… Leading to SHub Stealer & Revealing
 * Newly" keeps "… Leading to SHub Stealer"; "… and WebDAV to deploy" keeps "… and WebDAV").
 */
function wholeWords(text: string, max: number): string {
  const words = text.split(' ');
  const kept: string[] = [];
  for (const word of words) {
    if ([...kept, word].join(' ').length > max) break;
    kept.push(word);
  }
  if (kept.length < words.length) {
    const opener = kept.findLastIndex((_word, index) => opensUnfinishedPhrase(kept, index));
    if (opener !== -1) kept.splice(opener);
  }
  while (kept.length > 1 && DANGLING.has((kept[kept.length - 1] ?? '').toLowerCase())) kept.pop();
  return tidy(kept.join(' '));
}

/**
 * What an indicator rule's title names as the source of its values: the article's headline when it fits,
 * else its first clause ("KongTuke ClickFix activity" of "KongTuke ClickFix activity: DNS TXT record variant"),
 * else its leading whole words. Never cut mid-word and never marked with an ellipsis: a reviewer reads a
 * whole title.
 */
export function articleSubject(headline: string, max = MAX_SUBJECT): string {
  const title = tidy(headline);
  if (title.length <= max) return title;
  const clauses = title
    .split(/\s+[|–—-]\s+|:\s+|,\s+/)
    .map(tidy)
    .filter((clause) => clause.split(' ').length >= 2);
  const fitting = clauses.find((clause) => clause.length <= max);
  if (fitting) return fitting;
  return wholeWords(clauses[0] ?? title, max);
}
