import type { ChunkLabel, LabelledText } from './train';

/** Separator line between chunks in a fixture file. */
const SEPARATOR = /\r?\n---\r?\n/;

/** Chunks of one fixture file (see fixtures/content-filter/README.md), trimmed, blanks dropped. */
export function parseLabelledChunks(content: string, label: ChunkLabel, minLength = 0): LabelledText[] {
  return content
    .split(SEPARATOR)
    .map((text) => text.trim())
    .filter((text) => text.length > 0 && text.length >= minLength)
    .map((text) => ({ text, label }));
}
