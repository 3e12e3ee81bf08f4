/**
 * Where a program run connects to, as its command line says: the host and port of each URL it is given, the host a
 * `finger user@host` asks on the finger port (79), and the socket a reverse shell or a transfer opens (`/dev/tcp/h/p`,
 * `TCPClient('h', p)`, `socat TCP:h:p`, `nc h p`). One reading for both sides: the synthetic telemetry a rule
 * is tested on (evaluate/command-io-effects.ts writes Sysmon 3 and 22 for each) and the rules on a program reaching
 * the network (process-connections.ts).
 */
export interface Destination {
  /** A host name or an address, without brackets. */
  host: string;
  port: number;
  /** An IPv4 or IPv6 address rather than a name. */
  address: boolean;
}

const URL_IN_LINE = /\bhttps?:\/\/[^\s"'`)|<>]+/gi;

// Programs that print or pass on a URL without reaching it.
const NOT_FETCHING = /(?:^|[\\/])(?:echo|printf|cat|grep|set|export)(?:\.exe)?$/i;

// finger's query: `finger user@host` (the host after the last @), which the client sends to TCP 79.
const FINGER = /(?:^|[\\/\s'"(])finger(?:\.exe)?\s+(?:-[a-z]+\s+)*[^\s@'"]*@([a-z0-9][a-z0-9.-]*)/i;
const FINGER_PORT = 79;

// Raw sockets a reverse shell or a transfer opens: bash's `/dev/tcp/host/port`, PowerShell's `TCPClient('host', port)`,
// socat's `TCP:host:port`, and netcat's `nc [options] host port` (not when it listens).
const DEV_TCP = /\/dev\/(?:tcp|udp)\/([a-z0-9][a-z0-9.-]*)\/(\d{1,5})\b/gi;
const TCP_CLIENT = /TCPClient\(\s*['"]([a-z0-9][a-z0-9.-]*)['"]\s*,\s*(\d{1,5})\s*\)/gi;
const SOCAT = /\b(?:TCP|TCP4|UDP|OPENSSL):([a-z0-9][a-z0-9.-]*\.[a-z0-9-]+):(\d{1,5})\b/gi;
const NETCAT_IMAGE = /(?:^|[\\/])(?:nc|ncat|netcat)(?:\.exe)?$/i;
const NETCAT =
  /(?:^|[\\/\s'"(])(?:nc|ncat|netcat)(?:\.exe)?((?:\s+-[a-z]+(?:\s+(?!\d+\.)\S+)?)*)\s+([a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+)\s+(\d{1,5})(?=\s|$|[|;&)'"])/i;

const isAddress = (host: string) => /^[\d.]+$|:/.test(host);

/** The destinations of a program run, each host once. */
export function destinationsOf(commandLine: string, image: string): Destination[] {
  if (NOT_FETCHING.test(image)) return [];
  const found: Destination[] = [];
  const seen = new Set<string>();
  const add = (host: string, port: number) => {
    if (!host || seen.has(host.toLowerCase())) return;
    seen.add(host.toLowerCase());
    found.push({ host, port, address: isAddress(host) });
  };
  for (const [url] of commandLine.matchAll(URL_IN_LINE)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    add(parsed.hostname.replace(/^\[|\]$/g, ''), Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80)));
  }
  if (/(?:^|[\\/])finger(?:\.exe)?$/i.test(image)) {
    const host = FINGER.exec(commandLine)?.[1];
    if (host) add(host.replace(/\.+$/, ''), FINGER_PORT);
  }
  for (const pattern of [DEV_TCP, TCP_CLIENT, SOCAT])
    for (const [, host, port] of commandLine.matchAll(pattern)) add(host as string, Number(port));
  const netcat = NETCAT_IMAGE.test(image) ? NETCAT.exec(commandLine) : null;
  if (netcat && !/\s-[a-z]*l/i.test(netcat[1] ?? '')) add(netcat[2] as string, Number(netcat[3]));
  return found;
}
