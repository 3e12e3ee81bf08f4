import { analyseRuleDocument, validateRuleDocument, validateSigmaRule } from '@huntforge/sigma';
import { ruleFacts } from './rule-facts';

const doc = {
  title: 'Encoded PowerShell',
  logsource: { category: 'process_creation', product: 'windows' },
  detection: {
    selection: { 'Image|endswith': '\\powershell.exe', 'CommandLine|contains': ' -enc ' },
    filter: { ParentImage: 'C:\\Program Files\\Agent\\agent.exe' },
    condition: 'selection and not filter',
  },
  level: 'loud',
  tags: ['attack.t1059.001', 'not-a-tag'],
};

describe('the facts the queue keeps of a rule', () => {
  it('has the validator verdict and findings, in the order validateRuleDocument gives them', () => {
    const facts = ruleFacts('ignored when the mapping is given', doc);
    const verdict = validateRuleDocument(doc);
    expect(verdict.findings.length).toBeGreaterThan(1);
    expect({ valid: facts.valid, findings: facts.findings }).toEqual(verdict);
    expect(facts.doc).toBe(doc);
  });

  it('keeps the detection it read, which analyses the rule as validating it again would', () => {
    const facts = ruleFacts('', doc);
    expect(facts.validated?.detection?.identifiers.map((identifier) => identifier.name)).toEqual(['selection', 'filter']);
    expect(analyseRuleDocument(doc, facts.validated)).toEqual(analyseRuleDocument(doc));
  });

  it('reads rule text when no mapping is given, with nothing kept of its detection', () => {
    const facts = ruleFacts('title: Broken\ndetection: {condition: selection}\n');
    expect(facts.valid).toBe(false);
    expect(facts.findings).toEqual(validateSigmaRule('title: Broken\ndetection: {condition: selection}\n').findings);
    expect(facts.validated).toBeUndefined();
  });
});
