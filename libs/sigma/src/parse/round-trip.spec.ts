import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRule } from '../render/render-rule';
import { parseSigmaRule } from './parse-rule';

const fixtures = join(__dirname, '..', '..', '..', '..', 'fixtures', 'sigma', 'valid');

describe('parse and render round trip', () => {
  it.each(readdirSync(fixtures))('%s renders to YAML that parses back to the same rule', (file) => {
    const source = readFileSync(join(fixtures, file), 'utf8');
    const first = parseSigmaRule(source);
    if (!first.ok) throw new Error(first.findings[0]?.message);
    expect(first.rule.source).toBe(source);
    const second = parseSigmaRule(renderRule(first.rule.doc));
    if (!second.ok) throw new Error(second.findings[0]?.message);
    expect(second.rule.doc).toEqual(first.rule.doc);
  });

  it('keeps dates as written and orders keys conventionally', () => {
    const parsed = parseSigmaRule('level: high\ndate: 2026-01-31\ntitle: T\n');
    if (!parsed.ok) throw new Error('did not parse');
    expect(parsed.rule.doc.date).toBe('2026-01-31');
    expect(renderRule(parsed.rule.doc)).toBe('title: T\ndate: 2026-01-31\nlevel: high\n');
  });

  it('quotes the values a YAML 1.1 reader (pySigma) would take for booleans or numbers, and they parse back as the same strings', () => {
    const detection = { selection: { 'additionalEventData.MFAUsed': 'No', Enabled: 'on', Mode: '012', Flag: 'y' }, condition: 'selection' };
    const rendered = renderRule({ title: 'T', detection });
    expect(rendered).toContain("additionalEventData.MFAUsed: 'No'");
    expect(rendered).toContain("Enabled: 'on'");
    expect(rendered).toContain("Mode: '012'");
    expect(rendered).toContain("Flag: 'y'");
    const parsed = parseSigmaRule(rendered);
    if (!parsed.ok) throw new Error('did not parse');
    expect(parsed.rule.doc['detection']).toEqual(detection);
  });
});
