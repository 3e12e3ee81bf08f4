import { positiveEvent } from '../from-query/positive-event';
import { translateQuery } from '../from-query/translate-query';
import type { SigmaEvent } from './event-fields';

/**
 * The events a hunt query the article published describes: for each rule its translation gives (from-query/), the
 * event its positive conditions hold, as the generator's query rules read it (templates/query-rules.ts). The rule's
 * product is the platform a query that names no OS is read for, as the generator reads it for the article's.
 */
export function queryEvents(query: string, language: unknown, product: string | undefined): SigmaEvent[] {
  if (typeof language !== 'string') return [];
  const platform = product === 'windows' || product === 'linux' || product === 'macos' ? product : null;
  const translation = translateQuery(query, language, platform);
  if (!translation.ok) return [];
  return translation.rules.flatMap(({ logsource, condition }) => {
    const event = positiveEvent(condition, logsource.product === 'linux' || logsource.product === 'macos' ? logsource.product : 'windows');
    return event ? [event] : [];
  });
}
