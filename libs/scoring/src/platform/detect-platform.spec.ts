import { detectPlatform } from './detect-platform';
import { CLOUD_TERMS, PLATFORM_TERMS, PLATFORMS } from './platform-terms';

const windowsText = String.raw`The loader ran powershell.exe -nop -w hidden and wrote a Run key under HKCU\Software\Microsoft\Windows\CurrentVersion\Run.
It then used rundll32 to start C:\ProgramData\x.dll and schtasks to persist, and dumped lsass with comsvcs.dll.`;
const linuxText = `The miner was fetched with wget into /tmp/.x, made executable with chmod +x, and kept alive by a crontab entry.
The attacker appended a key to /root/.ssh/authorized_keys and hid the process through /etc/ld.so.preload.`;
const macText = `The stealer shipped as a .dmg, removed com.apple.quarantine with xattr, and persisted through a plist in
~/Library/LaunchAgents loaded with launchctl. It asked for the password with osascript and read the keychain.`;

describe('detectPlatform', () => {
  it('names the platform of single-OS write-ups with evidence', () => {
    const windows = detectPlatform(windowsText);
    expect(windows.os).toBe('windows');
    expect(windows.confidence).toBe('high');
    expect(windows.evidence.map((e) => e.term)).toEqual(expect.arrayContaining(['powershell', 'rundll32', 'hkcu\\']));
    expect(detectPlatform(linuxText).os).toBe('linux');
    expect(detectPlatform(macText).os).toBe('macos');
  });

  it('calls an article that covers two platforms in depth cross-platform', () => {
    const result = detectPlatform([windowsText, macText]);
    expect(result.os).toBe('cross-platform');
    expect(result.scores.windows).toBeGreaterThan(8);
    expect(result.scores.macos).toBeGreaterThan(8);
  });

  it('answers unknown with low confidence when the text names no platform', () => {
    const result = detectPlatform('Attackers increasingly target supply chains, according to a new industry survey.');
    expect(result).toMatchObject({ os: 'unknown', confidence: 'low' });
    expect(result.evidence).toEqual([]);
  });

  it('caps repeated terms so one word cannot outweigh broad evidence', () => {
    const spam = detectPlatform('powershell '.repeat(50));
    const capped = spam.evidence.find((e) => e.term === 'powershell');
    expect(capped?.count).toBe(3);
    expect(spam.scores.windows).toBe(9);
  });

  it('is deterministic and keeps the leader when a weaker second platform appears', () => {
    const mixed = `${windowsText} The same group also keeps a Linux variant that uses crontab.`;
    const a = detectPlatform(mixed);
    expect(detectPlatform(mixed)).toEqual(a);
    expect(a.os).toBe('windows');
    expect(a.scores.linux).toBeGreaterThan(0);
  });

  it('has no term registered twice for the same platform', () => {
    for (const terms of [...PLATFORMS.map((platform) => PLATFORM_TERMS[platform]), CLOUD_TERMS].map((list) =>
      list.map((entry) => entry.term.toLowerCase()),
    )) {
      expect(new Set(terms).size).toBe(terms.length);
    }
  });

  it('calls a cloud identity intrusion cross-platform though it shows a PowerShell module, and keeps a cloud breach that lands on Linux hosts Linux', () => {
    const consent =
      'The attacker registered a multi-tenant app in Entra ID and sent an OAuth consent link. After an illicit consent grant, the ' +
      'service principal read mail through Microsoft Graph; the sign-in logs and the unified audit log show the token use. ' +
      'Defenders can list the grants with the Microsoft Graph PowerShell module and revoke the refresh tokens.';
    const cloud = detectPlatform(consent);
    expect(cloud).toMatchObject({ os: 'cross-platform' });
    expect(cloud.scores.cloud).toBeGreaterThanOrEqual(2 * cloud.scores.windows);
    expect(cloud.evidence.filter((e) => e.platform === 'cloud').map((e) => e.term)).toEqual(
      expect.arrayContaining(['entra id', 'service principal']),
    );

    const miners =
      'Stolen access keys were used against AWS IAM; CloudTrail shows new instances. On each Linux host the attacker ran ' +
      'wget into /tmp/, chmod +x, started xmrig with nohup and added a crontab entry; authorized_keys got a new key.';
    expect(detectPlatform(miners)).toMatchObject({ os: 'linux' });
  });

  it('names Windows for a ClickFix lure and Linux for a poisoned package write-up, with no OS named outright', () => {
    const clickfix =
      'A fake CAPTCHA page tells the visitor to press Win+R, paste the command into the Run dialog and press Enter. ' +
      'The pasted line runs finger.exe against the attacker host and pipes the answer to a shell; the MSI files it fetches install the loader.';
    expect(detectPlatform(clickfix)).toMatchObject({ os: 'windows' });
    const gems =
      'Attackers published trojanized gems on RubyGems. A developer who runs gem install pulls a postinstall hook that writes ' +
      'a miner to /etc/ and starts it under systemd.';
    expect(detectPlatform(gems)).toMatchObject({ os: 'linux' });
  });
});
