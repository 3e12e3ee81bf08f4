import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { isBenignInfrastructure } from './benign-infrastructure';
import { bareName, programRuns } from './command-program';
import { destinationsOf, type Destination } from './process-destinations';
import { anyOf, selectionValues, type ProductLine, type SideEffectRule } from './side-effect-rule';

/**
 * Network-connection rules on the programs the article's commands make reach the network (Sysmon 3 records the
 * connection with the process's Image). A built-in binary that has no business on the network (finger, certutil,
 * mshta, rundll32, regsvr32...) is the finding itself: the rule keys on the program, and on the port when it is not a
 * web port (finger's 79). A script host or downloader (PowerShell, curl, wget, netcat, a shell) reaches the web every
 * day: only a raw socket to a reported host on another port (a reverse shell, a transfer) gets its rule.
 */

// Windows binaries whose own outbound connection SigmaHQ treats as suspicious, whatever the host. (bitsadmin is not one:
// the BITS service, not bitsadmin.exe, makes its transfers.)
const OFF_NETWORK = new Set([
  'finger',
  'certutil',
  'mshta',
  'rundll32',
  'regsvr32',
  'wscript',
  'cscript',
  'msiexec',
  'cmstp',
  'msbuild',
  'installutil',
  'regasm',
  'regsvcs',
  'hh',
  'odbcconf',
]);
// Programs that fetch for a living: only a reported host on a port that is not the web's makes their connection a finding.
const FETCHERS = new Set([
  'powershell',
  'pwsh',
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'bash',
  'sh',
  'python',
  'python3',
  'node',
  'ruby',
  'perl',
]);
const WEB_PORTS = new Set([80, 443]);

interface Reach {
  product: ProductLine['product'];
  program: string;
  destinations: Destination[];
}

/** A host the rule may name: a real name or address of the intrusion, not a placeholder, a loopback or a CDN. */
function isReportedHost(host: string): boolean {
  if (/^(?:localhost|127\.|0\.0\.0\.0|::1$)/i.test(host)) return false;
  if (!/[a-z0-9-]\.[a-z0-9-]/i.test(host) && !host.includes(':')) return false;
  return !isBenignInfrastructure(host);
}

/** The programs of the lines that reach a destination, grouped per product and program. */
function reaches(lines: readonly ProductLine[]): Reach[] {
  const found = new Map<string, Reach>();
  for (const { product, commandLine } of lines) {
    const windows = product === 'windows';
    for (const run of programRuns(commandLine, windows)) {
      const program = run.viaPowerShell ? 'powershell' : bareName(run.image).toLowerCase();
      const image = run.viaPowerShell ? 'powershell.exe' : run.image;
      const destinations = destinationsOf(run.commandLine, image);
      if (destinations.length === 0) continue;
      const key = `${product}|${program}`;
      const entry = found.get(key) ?? { product, program, destinations: [] };
      entry.destinations.push(...destinations);
      found.set(key, entry);
    }
  }
  return [...found.values()];
}

function imageCondition(program: string, windows: boolean): SigmaFieldMap {
  if (program === 'powershell' || program === 'pwsh')
    return { 'Image|endswith': windows ? ['\\powershell.exe', '\\pwsh.exe'] : ['/pwsh', '/powershell'] };
  return { 'Image|endswith': windows ? `\\${program}.exe` : `/${program}` };
}

const one = (values: readonly (string | number)[]) => (values.length === 1 ? values[0] : [...values]) as SigmaFieldMap[string];

/** The selection of one program's connections, or null when nothing says they are the intrusion's. */
function selectionOf({ product, program, destinations }: Reach): SigmaFieldMap | null {
  const windows = product === 'windows';
  const ports = [...new Set(destinations.map((d) => d.port).filter((port) => !WEB_PORTS.has(port)))];
  if (windows && OFF_NETWORK.has(program)) {
    // Every destination on an odd port: the port is the behaviour (finger on 79); any on a web port, the program alone.
    const odd = destinations.every((d) => !WEB_PORTS.has(d.port));
    return { ...imageCondition(program, windows), ...(odd && ports.length > 0 ? { DestinationPort: one(ports) } : {}) };
  }
  if (!FETCHERS.has(program)) return null;
  const reported = destinations.filter((d) => isReportedHost(d.host));
  const names = [...new Set(reported.filter((d) => !d.address).map((d) => d.host.toLowerCase()))];
  const addresses = [...new Set(reported.filter((d) => d.address).map((d) => d.host))];
  // Names and addresses are two fields: one selection per program keys the one the article shows most of.
  // A download over the web is the indicator rule's host (networkRules) and the process rule's command: a rule of the
  // program and the host repeats them. A raw socket on another port (a reverse shell's 4444, a transfer to 9999) is
  // the program's behaviour, keyed with the host and the port.
  if ((names.length === 0 && addresses.length === 0) || reported.some((d) => WEB_PORTS.has(d.port))) return null;
  return {
    ...imageCondition(program, windows),
    ...(names.length >= addresses.length ? { DestinationHostname: names } : { DestinationIp: addresses }),
    DestinationPort: one([...new Set(reported.map((d) => d.port))]),
  };
}

const TITLES: Record<string, string> = { powershell: 'PowerShell', pwsh: 'PowerShell', certutil: 'CertUtil', bitsadmin: 'BITSAdmin' };
const programTitle = (program: string) => TITLES[program] ?? `${program.charAt(0).toUpperCase()}${program.slice(1)}`;

/** One rule per product on the programs the article's commands make reach the network. */
export function processConnectionRules(lines: readonly ProductLine[], cited: string): SideEffectRule[] {
  const byProduct = new Map<ProductLine['product'], Array<{ reach: Reach; selection: SigmaFieldMap }>>();
  for (const reach of reaches(lines)) {
    const selection = selectionOf(reach);
    if (selection) byProduct.set(reach.product, [...(byProduct.get(reach.product) ?? []), { reach, selection }]);
  }
  return [...byProduct.entries()].map(([product, entries]) => {
    const programs = entries.map(({ reach }) => programTitle(reach.program));
    const list = entries.map(({ selection }) => selection);
    const offNetwork = entries.some(({ reach }) => OFF_NETWORK.has(reach.program));
    const named = [...new Set(programs)];
    return {
      telemetryClass: 'network_connection',
      body: {
        title: `${named.length <= 2 ? named.join(' Or ') : `${named.slice(0, 2).join(', ')} And Other Programs`} Network Connection`,
        description: `Detects ${[...new Set(programs)].join(', ')} connecting out, as the commands ${cited} make ${programs.length === 1 ? 'it' : 'them'} do.`,
        logsource: { category: 'network_connection', product },
        detection: anyOf(list),
        tags: ['attack.command-and-control', 'attack.t1105', ...(offNetwork ? ['attack.stealth', 'attack.t1218'] : [])],
        level: offNetwork ? 'high' : 'medium',
        falsepositives: ['Administrators or software using the same program to reach the same hosts'],
      },
      values: selectionValues(list),
    };
  });
}
