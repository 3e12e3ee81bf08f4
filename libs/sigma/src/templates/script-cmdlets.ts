import type { SigmaFieldMap } from '@huntforge/contracts/sigma';

/**
 * The cmdlets of intruder PowerShell code that a detection engineer keys a script block rule on when no technique of
 * the table names the step: Active Directory and account discovery, remoting and WMI, persistence through services,
 * tasks and WMI subscriptions, collection and staging, log and history clearing, and the functions of offensive
 * frameworks (`Invoke-Mimikatz`, PowerView's `Get-Domain*`). Keyed on the cmdlet and the parameters the intruder gave
 * it, never on the values of one intrusion. Plumbing (`Select-Object`, `Out-File`) and everyday file or process
 * cmdlets are no finding.
 */

// PowerShell's own cmdlets worth a rule whatever their arguments, lower case.
const ABUSED = new Set(
  [
    // Active Directory and domain discovery (RSAT's ActiveDirectory and GroupPolicy modules).
    'Get-ADComputer',
    'Get-ADUser',
    'Get-ADGroup',
    'Get-ADGroupMember',
    'Get-ADDomain',
    'Get-ADDomainController',
    'Get-ADForest',
    'Get-ADTrust',
    'Get-ADObject',
    'Get-ADOrganizationalUnit',
    'Get-ADDefaultDomainPasswordPolicy',
    'Get-ADFineGrainedPasswordPolicy',
    'Get-GPO',
    'Get-GPOReport',
    // Local accounts and groups.
    'Get-LocalGroupMember',
    'New-LocalUser',
    'Set-LocalUser',
    'Enable-LocalUser',
    'Add-LocalGroupMember',
    // Remoting, WMI and CIM.
    'Invoke-Command',
    'Enter-PSSession',
    'New-PSSession',
    'Enable-PSRemoting',
    'Invoke-WmiMethod',
    'Invoke-CimMethod',
    'Set-WmiInstance',
    'Register-WmiEvent',
    'Register-CimIndicationEvent',
    'Remove-WmiObject',
    'New-PSDrive',
    // Persistence.
    'New-Service',
    'Register-ScheduledTask',
    'New-ScheduledTaskAction',
    // Defences and traces.
    'Remove-MpPreference',
    'Clear-EventLog',
    'Remove-EventLog',
    'Set-ExecutionPolicy',
    'Disable-WindowsOptionalFeature',
    'New-NetFirewallRule',
    'Unblock-File',
    'Mount-DiskImage',
    // Collection, staging and transfer.
    'Compress-Archive',
    'Get-Clipboard',
    'Start-BitsTransfer',
    'Send-MailMessage',
  ].map((name) => name.toLowerCase()),
);

// Functions of offensive frameworks and scripts (PowerSploit, PowerView, Nishang, Empire): no administrator's.
const OFFENSIVE =
  /^(?:Invoke-[A-Z][A-Za-z0-9]{3,}|Get-Domain[A-Z][A-Za-z]+|Get-Net(?:User|Computer|Group|GroupMember|Session|Share|LocalGroup|LoggedOn|Domain\w*)|Find-(?:LocalAdminAccess|DomainShare|InterestingDomainAcl|DomainUserLocation)|Get-GPPPassword|Out-Minidump|Get-Keystrokes|Get-TimedScreenshot)$/;
// PowerShell's own Invoke- cmdlets: the table's techniques or the list above key the ones that matter.
const STANDARD_INVOKE =
  /^Invoke-(?:WebRequest|Expression|RestMethod|Item|History|Pester|Sqlcmd|ScriptAnalyzer|AsWorkflow|GPUpdate|CommandInDesktopPackage|Command|WmiMethod|CimMethod)$/i;

// Parameters any cmdlet takes, or that name only the object of one run: no part of the behaviour.
const COMMON_PARAMETERS = new Set(
  'force erroraction warningaction informationaction verbose debug confirm whatif outvariable errorvariable name path literalpath value uri credential'.split(
    ' ',
  ),
);

const CMDLET = /(?<![\w-])([A-Za-z]+-[A-Za-z][A-Za-z0-9]+)(?![\w-])/g;
const PARAMETER = /(?<![\w-])-([A-Za-z][A-Za-z0-9]+)(?=[\s:]|$)/g;

/** A cmdlet of the code worth a script block rule: one the list names, or an offensive framework's function. */
export function isAbusedCmdlet(name: string): boolean {
  return ABUSED.has(name.toLowerCase()) || (OFFENSIVE.test(name) && !STANDARD_INVOKE.test(name));
}

export interface CmdletUse {
  /** As the code spells it. */
  cmdlet: string;
  /** The parameters the code gives it, as spelled, in order (at most two). */
  parameters: string[];
}

/** The abused cmdlets of one piece of PowerShell code, each with the distinctive parameters of its own call. */
export function abusedCmdlets(code: string): CmdletUse[] {
  const uses = new Map<string, CmdletUse>();
  // Each statement or pipeline stage holds one call: its parameters are that cmdlet's.
  for (const stage of code.split(/[|;\n]|&&/)) {
    const match = [...stage.matchAll(CMDLET)].find((candidate) => isAbusedCmdlet(candidate[1] as string));
    if (!match) continue;
    const cmdlet = match[1] as string;
    const after = stage.slice((match.index ?? 0) + cmdlet.length);
    const parameters = [...after.matchAll(PARAMETER)]
      .map((parameter) => `-${parameter[1] as string}`)
      .filter((parameter) => !COMMON_PARAMETERS.has(parameter.slice(1).toLowerCase()));
    const key = cmdlet.toLowerCase();
    if (!uses.has(key)) uses.set(key, { cmdlet, parameters: [...new Set(parameters)].slice(0, 2) });
  }
  return [...uses.values()];
}

/** The selection of one use: the cmdlet, with its parameters when it had any. */
export function cmdletSelection(use: CmdletUse): SigmaFieldMap {
  return use.parameters.length === 0
    ? { 'ScriptBlockText|contains': use.cmdlet }
    : { 'ScriptBlockText|contains|all': [use.cmdlet, ...use.parameters] };
}
