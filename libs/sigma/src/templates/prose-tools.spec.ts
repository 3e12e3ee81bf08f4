import { proseTools, toolsRun } from './prose-tools';

const toolsOf = (text: string) => proseTools(text).map((shown) => shown.tool.name);

describe('proseTools', () => {
  it.each([
    ['On day two the threat actor dropped and executed AdFind to collect domain information.', 'AdFind'],
    ['Mimikatz was used to dump credentials from memory.', 'Mimikatz'],
    ['LSASS was dumped using ProcDump.', 'ProcDump'],
    ['The attacker connected with plink to tunnel RDP back to their server.', 'Plink'],
    ['Cobalt Strike beacons were injected into rundll32.exe.', 'Rundll32 Without Arguments'],
  ])('reads the tool the intruder ran: %s', (sentence, tool) => {
    expect(toolsOf(sentence)).toEqual([tool]);
  });

  it('keeps a dual-use tool run without a hallmark for what names it, not for a process rule', () => {
    const sentence = 'The attackers then moved laterally via PsExec to the domain controller.';
    expect(toolsOf(sentence)).toEqual([]);
    expect(toolsRun(sentence).map((shown) => shown.tool.name)).toEqual(['PsExec']);
  });

  it.each([
    'Threat actors frequently use Mimikatz and PsExec.',
    'Organizations should block AnyDesk where it is not needed.',
    'Defenders can hunt for Rclone with the rule below.',
    'We used Mimikatz in our lab to reproduce the dump.',
    'Cobalt Strike accounted for two-thirds of the offensive tool servers.',
    'The payload was downloaded from a1b2.ngrok-free.app/setup.sh.',
    'The actor ran Invoke-Mimikatz from memory.',
    'The actor used AdFind, Mimikatz, Rubeus, SharpHound and Seatbelt on several hosts.',
  ])('reads no tool from %s', (sentence) => {
    expect(toolsOf(sentence)).toEqual([]);
  });

  it('leaves a tool the article quotes as a command to the command rules', () => {
    expect(toolsOf('The actor used AdFind:\n\n```\nadfind.exe -f objectcategory=computer\n```\n')).toEqual([]);
    expect(
      toolsOf('The threat actor ran the following command: SharpHound.exe -c All -d corp.local and then used SharpHound again.'),
    ).toEqual([]);
  });

  it('keeps the hallmarks the sentences name, and those their words imply', () => {
    const [procdump] = proseTools('LSASS was dumped using ProcDump.');
    expect(procdump?.hallmarks).toEqual(['lsass']);
    const [adfind] = proseTools('The actor used AdFind with trustdmp to list the domain trusts.');
    expect(adfind?.hallmarks).toEqual(['trustdmp']);
  });
});

describe('withoutDefenderSections', () => {
  it('drops a defender section down to the next heading of its level, and keeps code whole', () => {
    const text = [
      '## Intrusion',
      'The actor used AdFind.',
      '## Detection',
      '- Potential Credential Access via Mimikatz',
      '### Hunting queries',
      'More.',
      '## Defense Evasion',
      'The actor used SharpHound to map the domain.',
      '## Impact',
      '```',
      '# Detection comment in a script',
      'echo x',
      '```',
      'The actor used Rubeus.',
    ].join('\n');
    expect(toolsOf(text)).toEqual(['AdFind', 'Rubeus', 'SharpHound']);
  });
});
