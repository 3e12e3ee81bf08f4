import { chunkText } from './chunker';

function sentences(count: number): string {
  return Array.from({ length: count }, (_, i) => `Sentence number ${i} describes one more step the operator took on the host.`).join(' ');
}

describe('chunkText', () => {
  it('returns one chunk for short text and none for blank text', () => {
    expect(chunkText('Short text.')).toEqual([{ id: 0, start: 0, end: 11, text: 'Short text.' }]);
    expect(chunkText('   \n  ')).toEqual([]);
  });

  it('keeps windows within the size, ends them on sentence boundaries and overlaps them', () => {
    const text = sentences(80);
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(4);
    chunks.forEach((chunk, i) => {
      expect(chunk.id).toBe(i);
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(1000);
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      if (i < chunks.length - 1) {
        expect(chunk.text.endsWith('.')).toBe(true);
        const next = chunks[i + 1];
        expect(next.start).toBeLessThan(chunk.end);
        expect(chunk.end - next.start).toBeLessThanOrEqual(200);
        expect(text.slice(next.start, next.start + 9)).toBe('Sentence ');
      }
    });
    expect(chunks[chunks.length - 1].end).toBe(text.length);
  });

  it('cuts hard when a text has no sentence boundary and still covers everything', () => {
    const text = 'x'.repeat(2500);
    const chunks = chunkText(text);
    expect(chunks.map((c) => [c.start, c.end])).toEqual([
      [0, 1000],
      [800, 1800],
      [1600, 2500],
    ]);
  });

  it('gives the same ids and offsets for the same text (stable ids)', () => {
    const text = sentences(40);
    expect(chunkText(text)).toEqual(chunkText(text));
  });

  it('honours custom sizes and rejects impossible ones', () => {
    const chunks = chunkText(sentences(10), { size: 200, overlap: 50 });
    expect(Math.max(...chunks.map((c) => c.end - c.start))).toBeLessThanOrEqual(200);
    expect(() => chunkText('abc', { size: 100, overlap: 100 })).toThrow(RangeError);
  });
});
