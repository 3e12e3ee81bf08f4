import type { ArticleDocument } from '../text/document';
import { embeddedInvocations, type EmbeddedInvocation } from './embedded';
import { registryOperation } from './registry-operations';
import { serviceOperations } from './service-operations';
import { taskOperations } from './task-operations';

// Where a command that writes the registry, installs or controls a service, or schedules a task may start.
const ARTEFACT_COMMAND =
  /(?<![\w.$-])(?:reg(?:\.exe)?\s+(?:add|delete)|(?:Set|New|Remove)-ItemProperty|sp|New-Item|sc|net1?|systemctl|(?:New|Set|Start|Stop|Remove|Restart)-Service|schtasks|(?:Register|Unregister|Set|Start|Stop|New|Get|Enable|Disable)-ScheduledTask|cloudflared|ngrok|anydesk|meshagent(?:64)?|rustdesk|tacticalrmm|atera_agent|teamviewer|zerotier|tailscale(?:-ipn)?)(?:\.exe)?["']?\s/gi;

const SELF_INSTALLING =
  /^(?:cloudflared|ngrok|anydesk|meshagent(?:64)?|rustdesk|tacticalrmm|atera_agent|teamviewer|zerotier|tailscale(?:-ipn)?)$/;

const cache = new WeakMap<ArticleDocument, EmbeddedInvocation[]>();

/**
 * The commands of an article that leave artefacts (registry writes, services, scheduled tasks), wherever
 * they stand, read once per document and shared by the registry, service and task extractors.
 */
export function artefactCommands(doc: ArticleDocument): EmbeddedInvocation[] {
  let found = cache.get(doc);
  if (!found) {
    const accept = (invocation: Parameters<typeof registryOperation>[0]) =>
      registryOperation(invocation) !== null ||
      serviceOperations(invocation).length > 0 ||
      taskOperations(invocation).length > 0 ||
      SELF_INSTALLING.test(invocation.name);
    found = embeddedInvocations(doc.content, ARTEFACT_COMMAND, accept, doc.spanEnd);
    cache.set(doc, found);
  }
  return found;
}
