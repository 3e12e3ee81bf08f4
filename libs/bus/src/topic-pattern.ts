/**
 * RabbitMQ topic-exchange matching: keys and patterns are dot-separated words; `*` stands for exactly
 * one word and `#` for zero or more. Implemented over words rather than as a regex so that edge cases
 * (`a.#` matching `a`, `#` matching the empty key, empty words in `a..b`) behave like the broker.
 */
export type TopicMatcher = (topic: string) => boolean;

function words(key: string): string[] {
  return key === '' ? [] : key.split('.');
}

function matchWords(pattern: readonly string[], topic: readonly string[]): boolean {
  // reachable[j]: the pattern words consumed so far can match the first j topic words.
  let reachable: boolean[] = new Array<boolean>(topic.length + 1).fill(false);
  reachable[0] = true;
  for (const word of pattern) {
    const next: boolean[] = new Array<boolean>(topic.length + 1).fill(false);
    if (word === '#') {
      let seen = false;
      for (let j = 0; j <= topic.length; j++) {
        seen = seen || reachable[j];
        next[j] = seen;
      }
    } else {
      for (let j = 1; j <= topic.length; j++) {
        next[j] = reachable[j - 1] && (word === '*' || word === topic[j - 1]);
      }
    }
    reachable = next;
  }
  return reachable[topic.length];
}

export function compileTopicPattern(pattern: string): TopicMatcher {
  const patternWords = words(pattern);
  if (!patternWords.includes('*') && !patternWords.includes('#')) return (topic) => topic === pattern;
  return (topic) => matchWords(patternWords, words(topic));
}

export function topicMatches(pattern: string, topic: string): boolean {
  return compileTopicPattern(pattern)(topic);
}
