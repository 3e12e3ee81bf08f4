import { load } from 'js-yaml';
import { parseDocument } from '../text/document';
import { findEmbeddedSigmaRules } from './find-embedded-sigma';
import { recoverIndentation } from './recover-indentation';

const FLAT_RULE = [
  'title: Suspicious Rundll32 WebDAV Load',
  'id: 4c1b1e52-3b1a-4c7e-9f45-0b2a1c9d8e77',
  'status: experimental',
  'tags:',
  '- attack.t1218.011',
  'logsource:',
  'category: process_creation',
  'product: windows',
  'detection:',
  'selection_img:',
  "Image|endswith: '\\rundll32.exe'",
  'selection_cli:',
  'CommandLine|contains|all:',
  "- '@SSL'",
  "- 'davclnt.dll'",
  'filter_main:',
  "ParentImage|endswith: '\\svchost.exe'",
  'condition: all of selection_* and not filter_main',
  'falsepositives:',
  '- Unknown',
  'level: high',
].join('\n');

describe('findEmbeddedSigmaRules', () => {
  it('returns fenced rules exactly, with offsets, one per YAML document', () => {
    const rule1 = 'title: One\nlogsource:\n    product: windows\ndetection:\n    sel:\n        Image: a\n    condition: sel';
    const rule2 = 'title: Two\nlogsource:\n    product: linux\ndetection:\n    sel:\n        Image: b\n    condition: sel';
    const text = `Intro\n\n\`\`\`yaml\n${rule1}\n---\n${rule2}\n\`\`\`\n`;
    const rules = findEmbeddedSigmaRules(parseDocument(text));
    expect(rules.map((r) => [r.title, r.format, r.indentation_recovered])).toEqual([
      ['One', 'fenced', false],
      ['Two', 'fenced', false],
    ]);
    expect(text.slice(rules[0].start, rules[0].end)).toBe(rule1);
    expect(text.slice(rules[1].start, rules[1].end)).toBe(rule2);
  });

  it('finds plain indented rules between paragraphs', () => {
    const rule =
      'title: Plain\nlogsource:\n  category: process_creation\ndetection:\n  selection:\n    Image|endswith: x.exe\n  condition: selection\nlevel: low';
    const text = `Our rule:\n\n${rule}\n\nPlease share feedback: the rule is experimental.`;
    const [found] = findEmbeddedSigmaRules(parseDocument(text));
    expect(found).toMatchObject({ title: 'Plain', format: 'plain', indentation_recovered: false, yaml: `${rule}\n` });
  });

  it('re-indents a flattened rule when the structure is unambiguous', () => {
    const text = `The blog flattened it:\n\n${FLAT_RULE}\n\nIndicators: evil.com`;
    const [found] = findEmbeddedSigmaRules(parseDocument(text));
    expect(found.indentation_recovered).toBe(true);
    expect(found.source_text).toBe(FLAT_RULE);
    const doc = load(found.yaml) as { logsource: object; detection: Record<string, unknown>; tags: string[] };
    expect(doc.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(doc.tags).toEqual(['attack.t1218.011']);
    expect(doc.detection).toEqual({
      selection_img: { 'Image|endswith': '\\rundll32.exe' },
      selection_cli: { 'CommandLine|contains|all': ['@SSL', 'davclnt.dll'] },
      filter_main: { 'ParentImage|endswith': '\\svchost.exe' },
      condition: 'all of selection_* and not filter_main',
    });
  });

  it('refuses to guess when a flattened rule is ambiguous', () => {
    // "sel" is not named by the condition, so its fields could belong anywhere.
    const ambiguous = 'title: X\nlogsource:\nproduct: windows\ndetection:\nsel:\nImage: a.exe\ncondition: other\nlevel: low';
    expect(recoverIndentation(ambiguous)).toBeNull();
    expect(findEmbeddedSigmaRules(parseDocument(ambiguous))).toEqual([]);
    // An unknown key under logsource cannot be placed either.
    expect(recoverIndentation('title: X\nlogsource:\nvendor: acme\ndetection:\nsel:\nImage: a\ncondition: sel')).toBeNull();
  });

  it('ignores YAML that is not a complete rule', () => {
    expect(findEmbeddedSigmaRules(parseDocument('```yaml\ntitle: Config\nlogsource: none\n```\ntitle: Only a title'))).toEqual([]);
  });
});
