import type { CommandFacts, Invocation } from '@huntforge/observables';
import { recordedPath } from './command-io-effects';
import type { SigmaEvent } from './event-fields';
import { imageOf } from './process-event';
import { WINDOWS_PROGRAMS } from './windows-programs';

/**
 * Traces that well-known tools leave whatever their arguments mean, read from what the command line runs:
 * - a Sysinternals tool accepts its EULA in the user's hive (`…\Software\Sysinternals\<tool>\EulaAccepted`, on its
 *   first run or with `-accepteula`), which rules on "Sysinternals tool execution" read;
 * - a dump of LSASS (ProcDump on lsass, comsvcs.dll's MiniDump, rdrleakdiag's full memory dump, Mimikatz's
 *   sekurlsa/lsadump modules and Invoke-Mimikatz, PowerSploit's Out-Minidump, any tool the intruder brought that is
 *   given lsass) opens lsass.exe (Sysmon 10: the access rights and the call stack through the dump library) and
 *   writes the dump file the line names (Sysmon 11), loading the dump library (Sysmon 7: dbghelp.dll, dbgcore.dll);
 * - rundll32 and regsvr32 load the DLL they are given (Sysmon 7, where the line says where it is);
 * - BloodHound's collectors (SharpHound, Invoke-BloodHound) write their JSON files and the zip of them, named after the
 *   collection time, in the folder they are told (or the working directory);
 * - tools whose source hard-codes the named pipe they create (Koh's, the potato exploits'), Sysmon 17.
 */
export function toolTraces(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => [
    ...eulaAccepted(invocation),
    ...lsassDump(invocation),
    ...dllLoads(invocation),
    ...collectorFiles(invocation),
    ...defaultPipes(invocation),
  ]);
}

const USER_HIVE = 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001';

// Sysinternals programs (bare names, 64-bit builds included) and the key each keeps its EULA acceptance under.
const SYSINTERNALS: Record<string, string> = {
  psexec: 'PsExec',
  procdump: 'ProcDump',
  sdelete: 'SDelete',
  pslist: 'PsList',
  pskill: 'PsKill',
  psloggedon: 'PsLoggedon',
  psinfo: 'PsInfo',
  psservice: 'PsService',
  psfile: 'PsFile',
  psgetsid: 'PsGetSid',
  pspasswd: 'PsPasswd',
  psloglist: 'PsLoglist',
  psshutdown: 'PsShutdown',
  pssuspend: 'PsSuspend',
  handle: 'Handle',
  accesschk: 'AccessChk',
  adexplorer: 'Active Directory Explorer',
  autorunsc: 'AutoRuns',
  procexp: 'Process Explorer',
  livekd: 'LiveKd',
  logonsessions: 'LogonSessions',
  sigcheck: 'Sigcheck',
  streams: 'Streams',
};

const imageOfInvocation = (invocation: Invocation) => imageOf(invocation.text, true);

function eulaAccepted(invocation: Invocation): SigmaEvent[] {
  const tool = SYSINTERNALS[invocation.name.replace(/64$/, '')];
  if (!tool) return [];
  return [
    {
      EventID: 13,
      EventType: 'SetValue',
      TargetObject: `${USER_HIVE}\\Software\\Sysinternals\\${tool}\\EulaAccepted`,
      Details: 'DWORD (0x00000001)',
      Image: imageOfInvocation(invocation),
    },
  ];
}

const LSASS = 'C:\\Windows\\system32\\lsass.exe';
const STACK = 'C:\\Windows\\SYSTEM32\\ntdll.dll+9d4c4|C:\\Windows\\System32\\KERNELBASE.dll+2c13e';
const DUMP_STACK = `${STACK}|C:\\Windows\\System32\\dbgcore.DLL+6d1e|C:\\Windows\\System32\\dbghelp.dll+1b0b8`;
// A relative dump name lands in the directory the command ran in: the user's profile for an interactive shell.
const WORKING_DIRECTORY = 'C:\\Users\\user';

/** The file a dump is written to, as Sysmon records it (a relative name in the working directory). */
function dumpFile(name: string | undefined): string | null {
  if (!name || !/\.\w{2,4}$/.test(name)) return null;
  return recordedPath(name, true) ?? (/^[\w.-]+$/.test(name) ? `${WORKING_DIRECTORY}\\${name}` : null);
}

function lsassDump(invocation: Invocation): SigmaEvent[] {
  const image = imageOfInvocation(invocation);
  const words = invocation.args.map((word) => word.value);
  const access = (grantedAccess: string, callTrace: string): SigmaEvent => ({
    EventID: 10,
    SourceImage: image,
    TargetImage: LSASS,
    GrantedAccess: grantedAccess,
    CallTrace: `${callTrace}|${image}+1a2b`,
  });
  const written = (file: string | null): SigmaEvent[] => (file ? [{ EventID: 11, Image: image, TargetFilename: file }] : []);
  const loads = (...dlls: string[]): SigmaEvent[] =>
    dlls.map((dll) => ({ EventID: 7, Image: image, ImageLoaded: `C:\\Windows\\System32\\${dll}` }));
  // ProcDump told to dump lsass (by name or as the only process it is given): the dump goes to the next word.
  if (/^procdump(?:64)?$/.test(invocation.name)) {
    const target = words.findIndex((word) => /^lsass(?:\.exe)?$/i.test(word));
    if (target < 0) return [];
    return [access('0x1fffff', DUMP_STACK), ...loads('dbghelp.dll', 'dbgcore.dll'), ...written(dumpFile(words[target + 1]))];
  }
  // rundll32 comsvcs.dll MiniDump <pid> <file> full (the export also by ordinal #24).
  if (invocation.name === 'rundll32' && words.some((word) => /comsvcs/i.test(word))) {
    const entry = words.findIndex((word) => /(?:^|,)\s*(?:minidump|#\+?0*24)$/i.test(word) || /^(?:minidump|#\+?0*24)$/i.test(word));
    if (entry < 0) return [];
    return [
      access('0x1fffff', `${STACK}|C:\\Windows\\System32\\dbgcore.DLL+6d1e|C:\\Windows\\System32\\comsvcs.dll+3a3c8`),
      ...loads('dbgcore.dll'),
      ...written(dumpFile(words[entry + 2])),
    ];
  }
  // Mimikatz reading credentials from LSASS memory (its sekurlsa and lsadump::lsa modules), or run in PowerShell.
  const powershell = { ...access('0x1010', STACK), SourceImage: POWERSHELL, CallTrace: `${STACK}|${POWERSHELL_STACK}` };
  if (invocation.name === 'invoke-mimikatz') return [powershell];
  if (/\b(?:sekurlsa::\w+|lsadump::lsa)\b/i.test(invocation.text)) return [access('0x1010', STACK)];
  const lsass = words.some((word) => /^lsass(?:\.exe)?$/i.test(word));
  // PowerSploit's Out-Minidump of the lsass process (`Get-Process lsass | Out-Minidump`): MiniDumpWriteDump from PowerShell.
  if (invocation.name === 'out-minidump')
    return [{ ...powershell, GrantedAccess: '0x1fffff', CallTrace: `${DUMP_STACK}|${POWERSHELL_STACK}` }];
  // rdrleakdiag /p <pid> /o <folder> /fullmemdmp: the dump of the process it is given, minidump_<pid>.dmp in the folder.
  if (invocation.name === 'rdrleakdiag' && words.some((word) => /^[/-]fullmemdmp$/i.test(word))) {
    const after = (flag: RegExp) => {
      const index = words.findIndex((word) => flag.test(word));
      return index >= 0 ? words[index + 1] : undefined;
    };
    const folder = after(/^[/-]o$/i);
    const pid = after(/^[/-]p$/i) ?? '640';
    const path = folder ? recordedPath(folder, true) : null;
    return [
      access('0x1fffff', DUMP_STACK),
      ...loads('dbghelp.dll', 'dbgcore.dll'),
      ...written(path ? `${path}\\minidump_${pid}.dmp` : null),
    ];
  }
  // A tool Windows does not ship, told to work on lsass (`nanodump`, `dumpert`, a renamed dumper): it opens it to read it.
  // NanoDump dumps LSASS unless told another process.
  const dumper = /^nanodump\b/.test(invocation.name) || (lsass && !WINDOWS_PROGRAMS.has(invocation.name) && !/-/.test(invocation.name));
  // The file it is told to write the dump to (`--write <file>`, `-w <file>`, `-o <file>`), when it says.
  const flag = words.findIndex((word) => /^(?:--write|-w|-o|--output)$/i.test(word));
  if (dumper) return [access('0x1fffff', DUMP_STACK), ...written(flag >= 0 ? dumpFile(words[flag + 1]) : null)];
  return [];
}

const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
// Code PowerShell runs reaches the Windows API through the .NET runtime's interop.
const POWERSHELL_STACK = 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319\\clr.dll+2c5b6|UNKNOWN(00007FF8A1B2C3D4)';

/** The DLL rundll32 (`<dll>,<entry>`) or regsvr32 (`[/s] [/i:…] <dll>`) is told to load, where the line says where it is. */
function dllLoads(invocation: Invocation): SigmaEvent[] {
  if (invocation.name !== 'rundll32' && invocation.name !== 'regsvr32') return [];
  const first = invocation.positionals[0]?.value;
  const dll = invocation.name === 'rundll32' ? first?.split(',')[0]?.trim() : first;
  // A bare system DLL name (`comsvcs.dll`) is loaded from the system folder; a remote or relative one is left alone.
  const path = dll ? (recordedPath(dll, true) ?? (/^[\w-]+\.dll$/i.test(dll) ? `C:\\Windows\\System32\\${dll}` : null)) : null;
  return path && /\.(?:dll|ocx|cpl|\w{1,4})$/i.test(path) ? [{ EventID: 7, Image: imageOfInvocation(invocation), ImageLoaded: path }] : [];
}

const COLLECTION = '20260115093012';
const COLLECTED = ['computers', 'users', 'groups', 'domains', 'gpos', 'ous', 'containers'];

function collectorFiles(invocation: Invocation): SigmaEvent[] {
  if (invocation.name !== 'sharphound' && invocation.name !== 'invoke-bloodhound') return [];
  const words = invocation.args.map((word) => word.value);
  const flag = words.findIndex((word) => /^-{1,2}outputdirectory$/i.test(word));
  const option = flag >= 0 ? words[flag + 1] : undefined;
  const folder = (option ? recordedPath(option, true) : null) ?? WORKING_DIRECTORY;
  const image =
    invocation.name === 'invoke-bloodhound'
      ? 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'
      : imageOfInvocation(invocation);
  return [...COLLECTED.map((kind) => `${COLLECTION}_${kind}.json`), `${COLLECTION}_BloodHound.zip`].map((file) => ({
    EventID: 11,
    Image: image,
    TargetFilename: `${folder.replace(/\\$/, '')}\\${file}`,
  }));
}

// The pipe each tool's source creates, as Sysmon names it (EfsPotato's and CoercedPotato's under a folder of their own,
// so that the coerced service's `\pipe\<name>` lands on it).
const DEFAULT_PIPES: Record<string, string> = {
  koh: '\\imposecost',
  efspotato: '\\4e5c1d2a-6b7f-4c3e-9a1d-2f8b0c6e7d45\\pipe\\srvsvc',
  coercedpotato: '\\coerced\\pipe\\spoolss',
  diagtrackeop: '\\thisispipe',
};

function defaultPipes(invocation: Invocation): SigmaEvent[] {
  const pipe = DEFAULT_PIPES[invocation.name];
  return pipe ? [{ EventID: 17, EventType: 'CreatePipe', PipeName: pipe, Image: imageOfInvocation(invocation) }] : [];
}
