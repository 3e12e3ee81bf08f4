import type { CloudBehaviour, CloudSelection } from './cloud-behaviour';

// The unified audit log's Operation, as SigmaHQ's m365 audit rules read it (Exchange cmdlets keep their name).
const operation = (events: string[], fields?: Record<string, string | string[]>): CloudSelection => ({
  field: 'Operation',
  events,
  ...(fields ? { with: fields } : {}),
});

// The parameters of a mailbox that send its mail elsewhere (Set-Mailbox's forwarding).
const MAILBOX_FORWARDING = ['ForwardingSmtpAddress', 'ForwardingAddress'];

/**
 * What intruders do in a Microsoft 365 tenant's mail, as the unified audit log records it (product m365, service
 * audit): inbox rules that forward or hide mail, mailbox forwarding, delegated access to mailboxes, mail flow
 * rules, eDiscovery searches exported, audit logging turned off. Keyed on the operation, never on this
 * intrusion's mailbox or rule name.
 */
export const M365_BEHAVIOURS: readonly CloudBehaviour[] = [
  {
    id: 'm365-inbox-rule',
    log: 'm365_audit',
    selections: [operation(['New-InboxRule', 'Set-InboxRule', 'UpdateInboxRules'])],
    eventProse: {
      'New-InboxRule':
        /\b(?:creat\w*|add\w*|set\s+up|configur\w*)\s+(?:an?\s+|new\s+|malicious\s+|hidden\s+)*(?:inbox|mailbox|mail|e-?mail|Outlook)\s+(?:forwarding\s+)?rules?\b/i,
    },
    title: 'Microsoft 365 Inbox Rule Created Or Modified',
    does: 'creates or changes an inbox rule, which intruders use to forward mail out or hide the replies to their fraud',
    tags: ['attack.collection', 'attack.t1114.003', 'attack.defense-impairment', 'attack.t1564.008'],
    level: 'medium',
    falsepositives: ['Users organising their own mail: compare the rule with the time and place of their usual sign-ins'],
  },
  {
    id: 'm365-mailbox-forwarding',
    log: 'm365_audit',
    selections: [operation(['Set-Mailbox'], { 'Parameters|contains': MAILBOX_FORWARDING })],
    eventProse: {
      'Set-Mailbox': /\b(?:set\w*|configur\w*|enabl\w*|add\w*)\s+(?:up\s+)?(?:an?\s+)?(?:external\s+)?(?:mailbox|SMTP)\s+forwarding\b/i,
    },
    title: 'Microsoft 365 Mailbox Forwarding Set',
    does: "sets a mailbox's forwarding address, so a copy of its mail goes where the intruder reads it",
    tags: ['attack.collection', 'attack.t1114.003'],
    level: 'medium',
    falsepositives: ['Administrators forwarding the mailbox of a person who left'],
  },
  {
    id: 'm365-mailbox-permission',
    log: 'm365_audit',
    selections: [
      operation(['Add-MailboxPermission', 'Add-RecipientPermission', 'Add-MailboxFolderPermission', 'Set-MailboxFolderPermission']),
    ],
    eventProse: {
      'Add-MailboxPermission': /\b(?:grant\w*|add\w*|gave)\b[^.\n]{0,40}\b(?:FullAccess|full\s+access)\b[^.\n]{0,40}\bmailbox(?:es)?\b/i,
    },
    title: 'Microsoft 365 Mailbox Or Folder Permission Granted',
    does: 'grants an account access to another mailbox or one of its folders, or the right to send as it',
    tags: ['attack.persistence', 'attack.t1098.002'],
    level: 'medium',
    falsepositives: ['Administrators delegating shared and assistant mailboxes'],
  },
  {
    id: 'm365-transport-rule',
    log: 'm365_audit',
    selections: [operation(['New-TransportRule', 'Set-TransportRule'])],
    eventProse: {
      'New-TransportRule': /\b(?:creat\w*|add\w*|configur\w*)\s+(?:an?\s+|new\s+|malicious\s+)*(?:mail\s+flow|transport)\s+rules?\b/i,
    },
    title: 'Microsoft 365 Mail Flow Rule Created Or Modified',
    does: "creates or changes a mail flow (transport) rule, which can copy every user's mail out of the tenant",
    tags: ['attack.collection', 'attack.t1114.003'],
    level: 'medium',
    falsepositives: ['Messaging administrators maintaining disclaimers and routing'],
  },
  {
    id: 'm365-ediscovery-export',
    log: 'm365_audit',
    selections: [operation(['New-ComplianceSearch', 'New-ComplianceSearchAction', 'Start-ComplianceSearch'])],
    eventProse: {
      'New-ComplianceSearch':
        /\b(?:ran|run\w*|creat\w*|us\w*|abus\w*)\s+(?:an?\s+|the\s+)?(?:eDiscovery|content|compliance)\s+search(?:es)?\b/i,
    },
    title: 'Microsoft 365 eDiscovery Search Run Or Exported',
    does: "searches every mailbox through eDiscovery or exports a search's results, a whole tenant's mail in one step",
    tags: ['attack.collection', 'attack.t1114.002'],
    level: 'medium',
    falsepositives: ['Legal and compliance staff running sanctioned searches'],
  },
  {
    id: 'm365-impersonation-role',
    log: 'm365_audit',
    selections: [operation(['New-ManagementRoleAssignment'])],
    eventProse: {
      'New-ManagementRoleAssignment': /\bApplicationImpersonation\b/,
    },
    title: 'Microsoft 365 Exchange Management Role Assigned',
    does: 'assigns an Exchange management role (ApplicationImpersonation, for one, which reads every mailbox) to an account or application',
    tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Messaging administrators delegating administration'],
  },
  {
    id: 'm365-audit-disabled',
    log: 'm365_audit',
    selections: [operation(['Set-AdminAuditLogConfig', 'Set-MailboxAuditBypassAssociation'])],
    eventProse: {
      'Set-AdminAuditLogConfig':
        /\b(?:disabl\w*|turn\w*\s+off|stopp\w*)\s+(?:the\s+)?(?:unified\s+audit\s+log(?:ging)?|mailbox\s+audit(?:ing)?)\b/i,
    },
    title: 'Microsoft 365 Audit Logging Disabled Or Bypassed',
    does: 'turns the unified audit log off or exempts an account from mailbox auditing',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators exempting service accounts from auditing'],
  },
];
