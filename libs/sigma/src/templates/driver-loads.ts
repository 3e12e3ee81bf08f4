import { commandFacts } from '@huntforge/observables';
import { registryWrites } from './registry-writes';
import { anyOf, selectionValues, type ProductLine, type SideEffectRule } from './side-effect-rule';

/**
 * Driver-load rules on the kernel drivers the article's commands install as services (`sc create x binPath= C:\…\x.sys
 * type= kernel`, `New-Service -BinaryPathName …\x.sys`, `reg add …\Services\x /v ImagePath /d …\x.sys`):
 * bring-your-own-vulnerable-driver and rootkit installs. Sysmon 6
 * records the driver when the kernel loads it, whatever the service was named: the rule keys on the driver's file name.
 */

const unquote = (text: string) => text.trim().replace(/^(["'])([\s\S]*)\1$/, '$2');

/** Whether a service's binary is a kernel driver. */
export function isDriverPath(binaryPath: string): boolean {
  return /\.sys$/i.test(unquote(binaryPath));
}

/** The driver's path as Sysmon records its load: NT prefixes gone, a bare name under the drivers folder. */
export function driverImage(binaryPath: string): string {
  const path = unquote(binaryPath).replace(/^\\\?\?\\/, '');
  if (/^\\SystemRoot\\/i.test(path)) return path.replace(/^\\SystemRoot/i, 'C:\\Windows');
  if (/^system32\\/i.test(path)) return `C:\\Windows\\${path}`;
  return /[\\/]/.test(path) ? path : `C:\\Windows\\System32\\drivers\\${path}`;
}

// The service managers whose create installs a service through the Service Control Manager (as the telemetry reads them).
const INSTALLERS = new Set(['sc', 'powershell']);
// A service's key, whose ImagePath a `reg add` may set directly (`…\Services\<name>`).
const SERVICE_KEY = /(?:^|\\)services\\[^\\]+$/;

/**
 * The driver files a Windows command line installs, as Sysmon records their load: a service created on a `.sys`
 * (`sc create … binPath= …`, `New-Service -BinaryPathName …`), or a service key's ImagePath set to one with `reg add`.
 */
export function installedDriverPaths(commandLine: string): string[] {
  const created = commandFacts(commandLine, { platform: 'windows' })
    .services.filter((service) => INSTALLERS.has(service.manager) && service.action === 'create' && service.binaryPath)
    .map((service) => service.binaryPath as string);
  const registered = registryWrites([commandLine])
    .filter((write) => SERVICE_KEY.test(write.key) && write.name === 'imagepath')
    .map((write) => write.data);
  return [...new Set([...created, ...registered].filter(isDriverPath).map(driverImage))];
}

/** The file names of the drivers the lines install as services. */
export function installedDrivers(lines: readonly ProductLine[]): string[] {
  const names = lines
    .filter((line) => line.product === 'windows')
    .flatMap(({ commandLine }) => installedDriverPaths(commandLine))
    .map((path) => path.split(/[\\/]/).pop() as string)
    .filter((name) => /^[\w.-]+\.sys$/i.test(name));
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
}

/** One rule on the drivers the article's commands install, or none. */
export function driverLoadRules(lines: readonly ProductLine[], cited: string): SideEffectRule[] {
  const drivers = installedDrivers(lines);
  if (drivers.length === 0) return [];
  const suffixes = drivers.map((name) => `\\${name}`);
  const selection = { 'ImageLoaded|endswith': suffixes.length === 1 ? (suffixes[0] as string) : suffixes };
  return [
    {
      telemetryClass: 'driver_load',
      body: {
        title: `Kernel Driver ${drivers.length === 1 ? drivers[0] : 'Set'} Loaded After Service Install`,
        description: `Detects the kernel loading the ${drivers.length === 1 ? 'driver' : 'drivers'} ${drivers.join(', ')} that the commands ${cited} install as a service (a vulnerable or malicious driver brought in to disable security tools).`,
        logsource: { category: 'driver_load', product: 'windows' },
        detection: anyOf([selection]),
        tags: ['attack.privilege-escalation', 'attack.defense-impairment', 'attack.t1068', 'attack.t1543.003'],
        level: 'high',
        falsepositives: ['The legitimate product that ships a driver of the same name'],
      },
      values: selectionValues([selection]),
    },
  ];
}
