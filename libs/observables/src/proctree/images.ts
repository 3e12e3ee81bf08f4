import { KNOWN_COMMANDS } from '../command/programs';

/** Windows programs written without ".exe" that are still unmistakably images. */
const WINDOWS_BUILTINS = new Set(
  `cmd powershell pwsh rundll32 regsvr32 mshta wscript cscript certutil bitsadmin schtasks wmic msiexec conhost pcalua
explorer svchost services lsass winword excel powerpnt outlook onenote msedge chrome firefox iexplore w3wp sqlservr
wmiprvse dllhost taskhostw taskeng mmc msbuild installutil regasm regsvcs cmstp forfiles hh curl whoami net net1 nltest
psexec psexesvc wsmprovhost winrshost spoolsv userinit winlogon smss csrss sihost runtimebroker searchprotocolhost`.split(/\s+/),
);

/** Unix and macOS programs accepted as process images in lineage statements. */
const UNIX_IMAGES = new Set(
  `bash sh zsh dash python python3 perl ruby node java curl wget osascript launchd cron crond sshd systemd nginx httpd apache2
php-fpm tomcat docker containerd runc Terminal terminal xmrig nohup sudo systemctl crontab chmod chattr ssh scp base64 nc ncat socat
kubectl npm pip pip3 launchctl chroot containerd-shim containerd-shim-runc-v2 dockerd kubelet conmon crio`.split(/\s+/),
);

/** Built-ins above that exist on Unix and macOS too under the same bare name. */
const CROSS_PLATFORM = new Set(['curl', 'whoami']);

/** A Windows article names drive paths, .exe files, registry hives or PowerShell somewhere. */
const WINDOWS_CONTEXT = /\b[A-Za-z]:\\|\.exe\b|\bHK(?:LM|CU|EY_)|\bpowershell\b|\bcmd\.exe\b/i;

/**
 * "curl" becomes "curl.exe" only where the article is about Windows: on Linux or macOS the image is "curl",
 * and a rule for "/curl.exe" there could never fire.
 */
export function imageForPlatform(name: string, content: string): string {
  const bare = name.replace(/\.exe$/i, '');
  return name !== bare && CROSS_PLATFORM.has(bare.toLowerCase()) && !WINDOWS_CONTEXT.test(content) ? bare : name;
}

const OFFICE_PRODUCTS: Record<string, string> = {
  Word: 'WINWORD.EXE',
  Excel: 'EXCEL.EXE',
  PowerPoint: 'POWERPNT.EXE',
  Outlook: 'OUTLOOK.EXE',
  OneNote: 'ONENOTE.EXE',
};

/** Runtimes prose names as a product ("Java spawned /bin/sh" after a Log4Shell or ActiveMQ exploit): the process is `java`. */
const RUNTIME_PRODUCTS: Record<string, string> = { Java: 'java' };

export interface Image {
  /** File name as written, with ".exe" added to bare Windows built-ins (powershell -> powershell.exe). */
  name: string;
}

/** The image named by a token (path, quotes and trailing punctuation stripped), or null. */
export function imageOf(token: string): Image | null {
  // Markdown emphasis around a name (**cmd.exe**, *rundll32.exe*, _sh_) and a possessive (cmd.exe's) are not part of it.
  const bare = token
    .replace(/['’]s[,.;:]?$/, '')
    .replace(/^[("'`“‘[*]+|[)"'`”’\],.;:!?*]+$/g, '')
    .replace(/^_(.+)_$/, '$1')
    .replace(/^[("'`“‘[]+|[)"'`”’\],.;:!?]+$/g, '');
  const file = bare.split(/[\\/]/).pop() ?? '';
  if (!file) return null;
  if (/^[\w.-]{1,64}\.exe$/i.test(file)) return { name: file };
  if (/^[\w-]{1,64}\.app$/.test(file)) return { name: file }; // a macOS bundle: its main executable
  // A bundle's executable by its path (/Applications/Acme.app/Contents/MacOS/Acme).
  if (/\.app\/Contents\/MacOS\/[\w .-]{1,64}$/.test(bare)) return { name: file };
  // Office programs are named by their product in prose: "Word spawned PowerShell".
  const product = OFFICE_PRODUCTS[file] ?? RUNTIME_PRODUCTS[file];
  if (product) return { name: product };
  const lower = file.toLowerCase();
  if (WINDOWS_BUILTINS.has(lower) && (file === lower || /^(?:PowerShell|WmiPrvSE)$/i.test(file))) return { name: `${file}.exe` };
  if (UNIX_IMAGES.has(file) || (bare.startsWith('/') && KNOWN_COMMANDS.has(lower))) return { name: file };
  return null;
}
