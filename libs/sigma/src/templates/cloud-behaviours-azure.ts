import type { CloudBehaviour, CloudSelection } from './cloud-behaviour';

// The Azure activity log's operationName (Azure Resource Manager operations), as SigmaHQ's activitylogs rules write it.
const operation = (events: string[]): CloudSelection => ({ field: 'operationName', events });

/**
 * What intruders do with an Azure subscription's control plane, as the activity log records it (product azure,
 * service activitylogs): commands run on virtual machines, access elevated or roles assigned, storage keys listed,
 * disks exported, diagnostic settings removed. An article names the operation or the az CLI or Az PowerShell
 * command that makes it (eventProse). Then the Entra ID sign-ins that tell by themselves (SigmaHQ's signinlogs
 * rules): the ROPC flow and attack tooling's user agents.
 */
export const AZURE_MORE_BEHAVIOURS: readonly CloudBehaviour[] = [
  {
    id: 'azure-vm-run-command',
    log: 'activitylogs',
    selections: [operation(['MICROSOFT.COMPUTE/VIRTUALMACHINES/RUNCOMMAND/ACTION', 'MICROSOFT.COMPUTE/VIRTUALMACHINES/EXTENSIONS/WRITE'])],
    eventProse: {
      'MICROSOFT.COMPUTE/VIRTUALMACHINES/RUNCOMMAND/ACTION': /\baz\s+vm\s+run-command\s+invoke\b|\bInvoke-AzVMRunCommand\b/i,
      'MICROSOFT.COMPUTE/VIRTUALMACHINES/EXTENSIONS/WRITE': /\bSet-AzVMCustomScriptExtension\b|\baz\s+vm\s+extension\s+set\b/i,
    },
    title: 'Azure Virtual Machine Run Command Or Extension Used',
    does: 'runs a command on a virtual machine through Run Command or installs a script extension on it, code run as SYSTEM or root from the control plane',
    tags: ['attack.execution', 'attack.t1651'],
    level: 'medium',
    falsepositives: ['Administrators and patching tools running commands on their machines'],
  },
  {
    id: 'azure-access-elevated',
    log: 'activitylogs',
    selections: [operation(['MICROSOFT.AUTHORIZATION/ELEVATEACCESS/ACTION', 'MICROSOFT.AUTHORIZATION/ROLEASSIGNMENTS/WRITE'])],
    eventProse: {
      'MICROSOFT.AUTHORIZATION/ROLEASSIGNMENTS/WRITE': /\baz\s+role\s+assignment\s+create\b|\bNew-AzRoleAssignment\b/i,
      'MICROSOFT.AUTHORIZATION/ELEVATEACCESS/ACTION':
        /\belevat\w+\s+(?:its\s+|their\s+)?access\b[^.\n]{0,40}\b(?:User Access Administrator|root scope|all subscriptions)\b/i,
    },
    title: 'Azure Access Elevated Or Role Assigned',
    does: 'elevates a Global Administrator to User Access Administrator over every subscription, or assigns an Azure role',
    tags: ['attack.privilege-escalation', 'attack.persistence', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Administrators and pipelines assigning roles'],
  },
  {
    id: 'azure-keys-listed',
    log: 'activitylogs',
    selections: [operation(['MICROSOFT.STORAGE/STORAGEACCOUNTS/LISTKEYS/ACTION', 'MICROSOFT.COGNITIVESERVICES/ACCOUNTS/LISTKEYS/ACTION'])],
    eventProse: {
      'MICROSOFT.STORAGE/STORAGEACCOUNTS/LISTKEYS/ACTION': /\baz\s+storage\s+account\s+keys\s+list\b|\bGet-AzStorageAccountKey\b/i,
    },
    title: 'Azure Storage Or AI Service Account Keys Listed',
    does: 'lists the access keys of a storage or Azure AI account, keys that read everything in it without a sign-in',
    tags: ['attack.credential-access', 'attack.t1552.005'],
    level: 'medium',
    falsepositives: ['Applications and administrators fetching keys they use'],
  },
  {
    id: 'azure-disk-exported',
    log: 'activitylogs',
    selections: [operation(['MICROSOFT.COMPUTE/SNAPSHOTS/BEGINGETACCESS/ACTION', 'MICROSOFT.COMPUTE/DISKS/BEGINGETACCESS/ACTION'])],
    eventProse: {
      'MICROSOFT.COMPUTE/DISKS/BEGINGETACCESS/ACTION': /\baz\s+(?:disk|snapshot)\s+grant-access\b|\bGrant-Az(?:Disk|Snapshot)Access\b/i,
    },
    title: 'Azure Disk Or Snapshot Export Link Created',
    does: 'creates a download link (SAS) for a managed disk or snapshot, a copy of a whole machine taken out',
    tags: ['attack.exfiltration', 'attack.t1537'],
    level: 'medium',
    falsepositives: ['Backups and migrations exporting disks'],
  },
  {
    id: 'azure-diagnostics-removed',
    log: 'activitylogs',
    selections: [operation(['MICROSOFT.INSIGHTS/DIAGNOSTICSETTINGS/DELETE'])],
    eventProse: {
      'MICROSOFT.INSIGHTS/DIAGNOSTICSETTINGS/DELETE': /\baz\s+monitor\s+diagnostic-settings\s+delete\b|\bRemove-AzDiagnosticSetting\b/i,
    },
    title: 'Azure Diagnostic Setting Deleted',
    does: "deletes a diagnostic setting, so a resource's logs stop reaching where defenders read them",
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators retiring log exports'],
  },
  // Entra ID sign-ins that tell: the password-only ROPC flow, and the user agents of attack tooling.
  {
    id: 'entra-ropc-sign-in',
    log: 'signinlogs',
    selections: [{ field: 'properties.message', events: ['ROPC'] }],
    prose: /\bresource owner password credentials?\b/i,
    title: 'Entra ID Sign-In Through The ROPC Flow',
    does: 'signs in with the resource owner password credentials flow, a password-only sign-in that password sprayers and legacy tools use',
    tags: ['attack.credential-access', 'attack.t1110.003', 'attack.initial-access', 'attack.t1078.004'],
    level: 'medium',
    falsepositives: ['Legacy applications that still sign users in with their password'],
  },
  {
    id: 'entra-tool-sign-in',
    log: 'signinlogs',
    selections: [{ field: 'userAgent|contains', events: ['azurehound', 'BAV2ROPC', 'CBAinPROD', 'roadtools', 'TeamFiltration'] }],
    title: 'Entra ID Sign-In By Attack Tooling',
    does: 'signs in with the user agent of a tool intruders use on Entra ID (AzureHound, ROADtools, TeamFiltration, password sprayers)',
    tags: ['attack.discovery', 'attack.t1087.004', 'attack.credential-access', 'attack.t1110.003'],
    level: 'high',
    falsepositives: ['Red team exercises'],
  },
];
