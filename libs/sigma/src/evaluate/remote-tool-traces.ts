import type { CommandFacts } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';
import { imageOf } from './process-event';

/**
 * What a remote-access tool does as soon as it runs, whatever its arguments: it looks up and connects to its vendor's
 * relay (Sysmon 22 and 3 with the tool's own Image, which rules on "a non-browser process reaching a remote-access
 * domain" read), AnyDesk writes its per-user configuration, and an install (`--install`, `-i`, a service command)
 * registers the tool's service with the Service Control Manager (System 7045).
 */
export function remoteToolTraces(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => {
    const tool = TOOLS[invocation.name];
    if (!tool) return [];
    const image = imageOf(invocation.text, true);
    const installs = invocation.args.some((word) => /^(?:--install|-i|--silent-install|\/install)$/i.test(word.value));
    return [
      ...tool.hosts.flatMap((host): SigmaEvent[] => [
        { EventID: 22, Image: image, QueryName: host },
        { EventID: 3, Image: image, Initiated: 'true', DestinationHostname: host, DestinationPort: 443 },
      ]),
      ...(tool.files ?? []).map((file) => ({ EventID: 11, Image: image, TargetFilename: file })),
      ...(installs && tool.service ? serviceInstalled(tool.service, `"${image}" --service`) : []),
    ];
  });
}

interface RemoteTool {
  /** The vendor hosts the tool resolves and connects to on start. */
  hosts: string[];
  files?: string[];
  /** The service an install registers. */
  service?: string;
}

const APPDATA = 'C:\\Users\\user\\AppData\\Roaming';

const TOOLS: Record<string, RemoteTool> = {
  anydesk: {
    hosts: ['boot.net.anydesk.com', 'relay-3b1f2a9c.net.anydesk.com'],
    files: [`${APPDATA}\\AnyDesk\\user.conf`, `${APPDATA}\\AnyDesk\\system.conf`],
    service: 'AnyDesk Service',
  },
  teamviewer: { hosts: ['client.teamviewer.com', 'router1.teamviewer.com'], service: 'TeamViewer' },
  teamviewer_service: { hosts: ['client.teamviewer.com'] },
  splashtop: { hosts: ['api.splashtop.com', 'relay.splashtop.com'], service: 'SplashtopRemoteService' },
  srmanager: { hosts: ['api.splashtop.com', 'relay.splashtop.com'], service: 'SplashtopRemoteService' },
  'screenconnect.clientservice': { hosts: ['instance-7f3k2b-relay.screenconnect.com'] },
  'screenconnect.windowsclient': { hosts: ['instance-7f3k2b-relay.screenconnect.com'] },
  ateraagent: { hosts: ['agentreporting.atera.com', 'pubsub.atera.com'], service: 'AteraAgent' },
  ngrok: { hosts: ['tunnel.us.ngrok.com'] },
  client32: { hosts: ['geo.netsupportsoftware.com'] },
  rustdesk: { hosts: ['rs-ny.rustdesk.com'] },
  tailscale: { hosts: ['controlplane.tailscale.com'] },
};

function serviceInstalled(name: string, imagePath: string): SigmaEvent[] {
  return [
    {
      EventID: 7045,
      Provider_Name: 'Service Control Manager',
      Channel: 'System',
      ServiceName: name,
      ImagePath: imagePath,
      ServiceFileName: imagePath,
    },
    { EventID: 4697, Channel: 'Security', ServiceName: name, ServiceFileName: imagePath },
  ];
}
