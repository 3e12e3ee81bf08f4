import type { SigmaFieldMap, SigmaLevel } from '@huntforge/contracts/sigma';

/**
 * Well-known techniques whose switch or verb is the finding: `certutil -urlcache`, `vssadmin delete
 * shadows`, `rundll32 comsvcs.dll MiniDump`. A command line of an article that shows one gets a rule keyed
 * on that behaviour, as a detection engineer writes it (the program and the verb, in the spellings the
 * tool accepts), never on the values that only this intrusion had (the dump's file name, the URL): those
 * change with every intrusion, the behaviour does not. One table, read by the generator; knowledge goes
 * here, not into ifs.
 */
export interface Technique {
  /** A stable name, for tests and the rule's id seed. */
  id: string;
  /** The platform whose process telemetry shows it; `any` for what any platform's command lines show (a miner's pool). */
  product: 'windows' | 'linux' | 'macos' | 'any';
  /**
   * The programs that carry the behaviour, as bare names (`certutil`, `xattr`); `powershell` for cmdlets.
   * None: the values are the finding in whatever program's command line (a tool's own verbs, renamed
   * binaries), and the rule is written besides the program's own rule, not instead of it.
   */
  programs: string[];
  /**
   * The behaviour spans a whole line, not one program's arguments: a pipeline (`curl … | base64 -d | sh`) or a
   * shell builtin (`history -c`) that starts no process of its own. Telemetry shows it on the command line of
   * the shell that ran the line (`sh -c '…'`, a cron job, a dropper's script), so `when` reads the whole line.
   */
  wholeLine?: boolean;
  /**
   * The behaviour is PowerShell code whatever process hosts it (IEX with DownloadString, an AMSI patch): the script
   * block log records it too, so it also gets a ps_script rule (script-blocks.ts). Techniques whose program is
   * `powershell` get one without saying so.
   */
  scriptBlock?: boolean;
  /** True on the program's command line when the technique is there. */
  when: RegExp;
  /**
   * What the rule selects besides the image, SigmaHQ-style: each map a selection, all of them required
   * (`comsvcs` and one of `MiniDump`, `#24`), so alternatives of one part stay a list.
   */
  selections: SigmaFieldMap[];
  /**
   * Alternatives every rule of the technique keeps, whichever the article showed: the behaviour's defining
   * spellings (MiniDump and its ordinal #24, a miner's stratum URL), which an engineer writes even when the
   * intrusion used another. The other alternatives appear only where the article's command lines show them.
   */
  keep?: string[];
  title: string;
  /** What the behaviour does, for the description ("downloads a file through the certificate cache"). */
  does: string;
  tags: string[];
  level: SigmaLevel;
  falsepositives: string[];
}
