import type { ArticleDocument } from '../text/document';

/** A parent/child pair found at [start, end) of the article. */
export interface Pair {
  parent: string;
  child: string;
  start: number;
  end: number;
  confidence: number;
}

/**
 * Runs of prose lines (outside fences) joined into one text, so a sentence wrapped over two lines is
 * read whole; line breaks become spaces, so offsets stay those of the article.
 */
export function proseParagraphs(doc: ArticleDocument): Array<{ start: number; text: string }> {
  const cached = PARAGRAPHS.get(doc);
  if (cached) return cached;
  const paragraphs: Array<{ start: number; text: string }> = [];
  let current: { start: number; end: number } | null = null;
  const flush = () => {
    if (current) paragraphs.push({ start: current.start, text: doc.content.slice(current.start, current.end).replace(/\n/g, ' ') });
    current = null;
  };
  for (const line of doc.lines) {
    if (doc.inFence[line.index] || !line.text.trim()) {
      flush();
      continue;
    }
    const end = line.start + line.text.length;
    if (current) current.end = end;
    else current = { start: line.start, end };
  }
  flush();
  PARAGRAPHS.set(doc, paragraphs);
  return paragraphs;
}

// Every pass over the prose reads the same paragraphs: split them once a document.
const PARAGRAPHS = new WeakMap<ArticleDocument, Array<{ start: number; text: string }>>();
