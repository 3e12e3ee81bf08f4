import { proseTools } from './prose-tools';

const toolsOf = (text: string) => proseTools(text).map((shown) => shown.tool.name);

describe('proseTools', () => {
  it.each([
    ['On day two the threat actor dropped and executed AdFind to collect domain information.', 'AdFind'],
    ['The threat actors used Rclone to exfiltrate data to the Mega cloud storage service.', 'Rclone'],
    ['Rclone was used to exfiltrate data.', 'Rclone'],
    ['The attackers then moved laterally via PsExec to the domain controller.', 'PsExec'],
    ['Advanced IP Scanner was used for network discovery.', 'Advanced IP Scanner'],
    ['Cobalt Strike beacons were injected into rundll32.exe.', 'Rundll32 Without Arguments'],
  ])('reads the tool the intruder ran: %s', (sentence, tool) => {
    expect(toolsOf(sentence)).toEqual([tool]);
  });

  it.each([
    'Threat actors frequently use Mimikatz and PsExec.',
    'Organizations should block AnyDesk where it is not needed.',
    'Defenders can hunt for Rclone with the rule below.',
    'We used Mimikatz in our lab to reproduce the dump.',
    'Cobalt Strike accounted for two-thirds of the offensive tool servers.',
    'The payload was downloaded from a1b2.ngrok-free.app/setup.sh.',
    'The actor ran Invoke-Mimikatz from memory.',
    'The actor used AdFind, Rclone, PsExec, AnyDesk and WinSCP on several hosts.',
  ])('reads no tool from %s', (sentence) => {
    expect(toolsOf(sentence)).toEqual([]);
  });

  it('leaves a tool the article quotes as a command to the command rules', () => {
    expect(toolsOf('The actor used AdFind:\n\n```\nadfind.exe -f objectcategory=computer\n```\n')).toEqual([]);
    expect(toolsOf('The threat actor ran the following command: PsExec.exe -h @1.txt -d -c x.bat and then used PsExec again.')).toEqual([]);
  });

  it('keeps the hallmarks the sentences name, and those their words imply', () => {
    const [procdump] = proseTools('LSASS was dumped using ProcDump.');
    expect(procdump?.hallmarks).toEqual(['lsass']);
    const [adfind] = proseTools('The actor used AdFind with trustdmp to list the domain trusts.');
    expect(adfind?.hallmarks).toEqual(['trustdmp']);
  });
});
