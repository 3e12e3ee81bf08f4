/**
 * Normalises article text for keyword matching: lower case, whitespace runs collapsed to one space,
 * and the common cmd.exe obfuscations undone so `p^o^w^e^r^s^h^e^l^l`, `p"ow"ershell` and
 * `%comspec:~-7,1%md` read as the commands they are.
 */

/**
 * Default values of the Windows environment variables that obfuscated command lines slice with
 * `%VAR:~start,length%`. Lower-case names; values as a stock Windows 10/11 install has them.
 */
const WINDOWS_ENV_DEFAULTS: Readonly<Record<string, string>> = {
  comspec: 'c:\\windows\\system32\\cmd.exe',
  systemroot: 'c:\\windows',
  windir: 'c:\\windows',
  systemdrive: 'c:',
  programfiles: 'c:\\program files',
  'programfiles(x86)': 'c:\\program files (x86)',
  programdata: 'c:\\programdata',
  allusersprofile: 'c:\\programdata',
  commonprogramfiles: 'c:\\program files\\common files',
  public: 'c:\\users\\public',
  pathext: '.com;.exe;.bat;.cmd;.vbs;.vbe;.js;.jse;.wsf;.wsh;.msc',
  os: 'windows_nt',
  processor_architecture: 'amd64',
  psmodulepath: 'c:\\windows\\system32\\windowspowershell\\v1.0\\modules\\',
};

// %name:~start% or %name:~start,length%   and   %name:find=replace%
const SUBSTRING = /%([a-z_][a-z0-9_()]*):~\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?%/g;
const SUBSTITUTION = /%([a-z_][a-z0-9_()]*):([^%=\s]+)=([^%\s]*)%/g;
const CARET = /(?<=\S)\^+(?=\S)/g;
const QUOTE_IN_WORD = /(?<=[a-z0-9])"+(?=[a-z0-9])/g;
const WHITESPACE = /\s+/g;

/** cmd.exe's `%VAR:~start,length%`: negative start counts from the end, negative length drops from the end. */
export function cmdSubstring(value: string, start: number, length?: number): string {
  const from = start < 0 ? Math.max(0, value.length + start) : Math.min(start, value.length);
  if (length === undefined) return value.slice(from);
  const to = length < 0 ? value.length + length : from + length;
  return to <= from ? '' : value.slice(from, to);
}

function expandEnvironmentSlices(text: string): string {
  return text
    .replace(SUBSTRING, (whole, name: string, start: string, length: string | undefined) => {
      const value = WINDOWS_ENV_DEFAULTS[name];
      return value === undefined ? whole : cmdSubstring(value, Number(start), length === undefined ? undefined : Number(length));
    })
    .replace(SUBSTITUTION, (whole, name: string, find: string, replacement: string) => {
      const value = WINDOWS_ENV_DEFAULTS[name];
      return value === undefined ? whole : value.split(find).join(replacement);
    });
}

/** The text the keyword automaton reads. Only pays for the deobfuscation passes when their markers occur. */
export function normalizeForMatching(text: string): string {
  let out = text.toLowerCase();
  if (out.includes('%')) out = expandEnvironmentSlices(out);
  if (out.includes('^')) out = out.replace(CARET, '');
  if (out.includes('"')) out = out.replace(QUOTE_IN_WORD, '');
  return out.replace(WHITESPACE, ' ');
}
