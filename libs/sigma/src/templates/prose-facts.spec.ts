import { madeUpName, noteSelection, proseFacts, recordedFile } from './prose-facts';

// Fixtures we wrote: a flattened write-up (one paragraph, IOC table run into the text) and a list-formatted one.
const FLATTENED =
  'The intrusion relied on DLL sideloading. The actor copied updater.exe , a legitimate vendor executable, to the Music folder, which then loaded vendorcore.dll . ' +
  'The kernel drivers installed by the tooling, gdrv3.sys and procxp.sys , were loaded to kill protected processes. ' +
  'The defender driver WdFilter.sys was unloaded. A list of hosts was saved to a file named 1.txt . ' +
  'Indicators of Compromise Item Description .QWERTY9 Encrypted file extension !!Decrypt-Files-Ab3dZ.txt Ransom note ' +
  'x.exe SHA256: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa Ransomware executable ' +
  'updater.exe SHA256: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb Vendor executable ' +
  'gdrv3.sys SHA256: cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc Driver';

const LISTED = [
  'The stealer runs a script.',
  '',
  'HOST ARTIFACTS:',
  '',
  '- ~/.cachex/ (staging directory)',
  '- ~/.cachex/notes.txt',
  '- ~/Library/LaunchAgents/com.cachex.agent.plist (persistence)',
  '- /tmp/out_log.zip — staged archive',
  '',
  'OTHER INFORMATION:',
  '',
  '- String XOR key (32-byte): 1111111111111111111111111111111111111111111111111111111111111111',
].join('\n');

describe('proseFacts', () => {
  it('reads a side-loading pair from the sentence after the one naming the technique', () => {
    expect(proseFacts(FLATTENED).sideLoads).toEqual([{ host: 'updater.exe', library: 'vendorcore.dll' }]);
  });

  it('reads the passive form, and no pair without a side-loading passage', () => {
    expect(proseFacts('The loader abc.dll is sideloaded by render.exe from a temp folder.').sideLoads).toEqual([
      { host: 'render.exe', library: 'abc.dll' },
    ]);
    expect(proseFacts('The program svc.exe loads helper.dll at start.').sideLoads).toEqual([]);
  });

  it('reads no library the text calls legitimate, and no KnownDLL', () => {
    const text = 'It uses DLL side-loading: host.exe loads the legitimate real.dll and then kernel32.dll.';
    expect(proseFacts(text).sideLoads).toEqual([]);
  });

  it("reads the intruder's drivers, not the defender's, and not a file without a driver context", () => {
    expect(proseFacts(FLATTENED).drivers).toEqual(['gdrv3.sys', 'procxp.sys']);
    expect(proseFacts('The page file pagefile.sys grew. The report lists config.sys as text.').drivers).toEqual([]);
  });

  it('reads the ransom note and the encrypted extension from a flattened IOC table', () => {
    const facts = proseFacts(FLATTENED);
    expect(facts.ransomNotes).toEqual(['!!Decrypt-Files-Ab3dZ.txt']);
    expect(facts.encryptedExtensions).toEqual(['.QWERTY9']);
  });

  it('reads notes and extensions stated in running prose, not a Defender exclusion switch', () => {
    const facts = proseFacts(
      'The ransomware drops a ransom note named HOW_TO_BACK.txt and appends the .zzlock extension to encrypted files. ' +
        'It ran Add-MpPreference -ExclusionExtension ".qqq" before encrypting.',
    );
    expect(facts.ransomNotes).toEqual(['HOW_TO_BACK.txt']);
    expect(facts.encryptedExtensions).toEqual(['.zzlock']);
  });

  it("ties each hash to its row's program, keeps the strongest, and drops the side-loading host's", () => {
    expect(proseFacts(FLATTENED).hashes).toEqual([
      { file: 'x.exe', algorithm: 'SHA256', value: 'A'.repeat(64) },
      { file: 'gdrv3.sys', algorithm: 'SHA256', value: 'C'.repeat(64) },
    ]);
    const rows = `- ${'d'.repeat(32)} (tool.exe)\n- ${'e'.repeat(64)} (tool.exe)\n- ${'f'.repeat(64)} (script.js)`;
    expect(proseFacts(rows).hashes).toEqual([{ file: 'tool.exe', algorithm: 'SHA256', value: 'E'.repeat(64) }]);
  });

  it('reads a hash written in capitals, and no run of hex shorter or longer than a hash', () => {
    expect(proseFacts(`tool.exe SHA1: ${'AB'.repeat(20)}`).hashes).toEqual([
      { file: 'tool.exe', algorithm: 'SHA1', value: 'AB'.repeat(20) },
    ]);
    expect(proseFacts(`tool.exe SHA256: ${'a'.repeat(31)}`).hashes).toEqual([]);
    expect(proseFacts(`tool.exe SHA256: ${'a'.repeat(50)}`).hashes).toEqual([]);
  });

  it('reads no key or identifier as a hash', () => {
    expect(proseFacts(LISTED).hashes).toEqual([]);
  });

  it("reads the artifact list's files, folding a folder's files into it", () => {
    expect(proseFacts(LISTED).paths).toEqual([
      { platform: 'unix', path: '~/.cachex/', folder: true },
      { platform: 'unix', path: '~/Library/LaunchAgents/com.cachex.agent.plist', folder: false },
      { platform: 'unix', path: '/tmp/out_log.zip', folder: false },
    ]);
  });

  it('reads a folder a sentence says was created, but no file a command writes', () => {
    const facts = proseFacts('The implant created the folder C:\\ProgramData\\SysCache\\ and ran copy /y a.exe C:\\ProgramData\\b.exe.');
    expect(facts.paths).toEqual([{ platform: 'windows', path: 'C:\\ProgramData\\SysCache\\', folder: true }]);
  });
});

describe('recording helpers', () => {
  it('keys a note on the part before a per-victim piece', () => {
    expect(noteSelection('!!Decrypt-Files-Ab3dZ.txt')).toEqual({ modifier: 'contains', value: '!!Decrypt-Files-' });
    expect(noteSelection('README.txt')).toEqual({ modifier: 'endswith', value: '\\README.txt' });
  });

  it('cuts the profile and the drive off a path', () => {
    expect(recordedFile({ platform: 'windows', path: 'C:\\Users\\[user]\\AppData\\Roaming\\Kit\\k.exe', folder: false })).toEqual({
      value: '\\AppData\\Roaming\\Kit\\k.exe',
      home: true,
    });
    expect(recordedFile({ platform: 'unix', path: '/tmp/out_log.zip', folder: false })).toEqual({ value: '/tmp/out_log.zip', home: false });
    expect(recordedFile({ platform: 'unix', path: '~/.cachex', folder: true })).toEqual({ value: '/.cachex/', home: true });
  });

  it('tells a made-up name', () => {
    expect(madeUpName('s.01M0td.dmg')).toBe(true);
    expect(madeUpName('shub_log.zip')).toBe(false);
  });
});
