import type { ReactNode } from 'react';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with every occurrence of the keywords (case-insensitive) wrapped in <mark>. */
export function highlight(text: string, keywords: readonly string[]): ReactNode[] {
  const terms = [...new Set(keywords.filter((keyword) => keyword.trim().length > 1))].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return [text];
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  return text.split(pattern).map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
}
