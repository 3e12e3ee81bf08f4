import { createHash } from 'node:crypto';
import type { JunkClassifier } from '@huntforge/ml';
import { classifyText, type TextClassification } from './classify-text';

const MAX_ENTRIES = 256;
const memos = new WeakMap<JunkClassifier, Map<string, Promise<TextClassification>>>();

/**
 * The same text classified by the same model with the same settings gives the same decisions, and an
 * article is often asked about more than once in a row (detect-os and classify from the article page, a
 * retried run). Remember recent answers per live
 * classifier, so a rollback or retrain (a new classifier) starts afresh.
 */
export function classifyTextMemo(
  classifier: JunkClassifier,
  text: string,
  options: { threshold: number; topFeatures: number },
): Promise<TextClassification> {
  let memo = memos.get(classifier);
  if (!memo) {
    memo = new Map();
    memos.set(classifier, memo);
  }
  const key = `${options.threshold}|${options.topFeatures}|${createHash('sha1').update(text).digest('hex')}`;
  const cached = memo.get(key);
  if (cached) {
    memo.delete(key);
    memo.set(key, cached);
    return cached;
  }
  const pending = classifyText(classifier, text, options);
  memo.set(key, pending);
  pending.catch(() => memo?.delete(key));
  if (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
  return pending;
}
