import { corpusChecks, queryRuleHolds } from './corpus-checks';

describe('the rule engine’s answers to the generator', () => {
  it('holds a translated query rule that fires on its event and on no benign one, and no other', () => {
    const rule = {
      logsource: { category: 'process_creation', product: 'windows' },
      detection: { selection: { 'Image|endswith': '\\mshta.exe', 'CommandLine|contains': 'javascript:' }, condition: 'selection' },
    };
    expect(queryRuleHolds(rule, { Image: 'C:\\Users\\Public\\mshta.exe', CommandLine: 'mshta javascript:close()' })).toBe(true);
    expect(queryRuleHolds(rule, { Image: 'C:\\Windows\\System32\\cmd.exe' })).toBe(false);
    const broad = { ...rule, detection: { selection: { 'Image|endswith': '\\svchost.exe' }, condition: 'selection' } };
    expect(queryRuleHolds(broad, { Image: 'C:\\Windows\\System32\\svchost.exe' })).toBe(false);
    const unrunnable = { ...rule, detection: { selection: { 'CommandLine|re': '(?<!' }, condition: 'selection' } };
    expect(queryRuleHolds(unrunnable, { CommandLine: 'x' })).toBe(false);
  });

  it('says a process selection fires on the baseline when ordinary machines run it, or when it cannot run at all', () => {
    expect(corpusChecks.firesOnBaseline({ 'Image|endswith': '\\svchost.exe' }, 'windows')).toBe(true);
    expect(corpusChecks.firesOnBaseline({ 'Image|endswith': '\\mshta.exe', 'CommandLine|contains': 'javascript:' }, 'windows')).toBe(false);
    expect(corpusChecks.firesOnBaseline({ 'CommandLine|re': '(?<!' }, 'windows')).toBe(true);
  });
});
