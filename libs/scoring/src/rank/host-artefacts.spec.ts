import { builtinRank } from './builtin-rank';
import { concreteMaterial } from './concrete-material';
import { macosHostArtefacts } from './host-artefacts';

// A macOS stealer write-up in our own words: no registry, no Windows command lines.
const MAC_TEXT = [
  'The stager copies itself to ~/Library/Application Support/.helper/helper and writes',
  '~/Library/LaunchAgents/com.acmeupdate.agent.plist before running',
  'launchctl load -w ~/Library/LaunchAgents/com.acmeupdate.agent.plist.',
  'It strips the quarantine flag with xattr -d com.apple.quarantine /tmp/AcmeSetup.app and asks for the',
  'password with osascript -e \'display dialog "Update needed" default answer "" with hidden answer\'.',
  'The password is checked with dscl . -authonly "$USER" "$PW" and the keychain is read with',
  'security find-generic-password -wa "Chrome". The payload lives at /Applications/AcmeSetup.app/Contents/MacOS/AcmeSetup.',
].join('\n');

describe('macosHostArtefacts', () => {
  it('names launchd plists, launchctl, quarantine removal, osascript, dscl, keychain reads and bundle binaries once each', () => {
    const found = macosHostArtefacts(MAC_TEXT);
    expect(found).toContain('~/Library/LaunchAgents/com.acmeupdate.agent.plist');
    expect(found.some((a) => a.startsWith('launchctl load -w'))).toBe(true);
    expect(found.some((a) => a.startsWith('xattr -d com.apple.quarantine'))).toBe(true);
    expect(found.some((a) => a.startsWith('osascript -e'))).toBe(true);
    expect(found.some((a) => a.startsWith('dscl . -authonly'))).toBe(true);
    expect(found.some((a) => a.startsWith('security find-generic-password'))).toBe(true);
    expect(found).toContain('/Applications/AcmeSetup.app/Contents/MacOS/AcmeSetup');
    expect(new Set(found).size).toBe(found.length);
  });

  it('finds nothing in prose that only talks about Macs', () => {
    expect(macosHostArtefacts('Apple shipped a security update for macOS; users should keep their Macs and apps up to date.')).toEqual([]);
  });

  it('lets a macOS write-up without Windows material clear the default threshold, and counts as concrete material', () => {
    const without = builtinRank({ huntScore: 20, observablesByType: { cmdline: 1, domain: 2 } });
    const withText = builtinRank({ huntScore: 20, observablesByType: { cmdline: 1, domain: 2 }, text: MAC_TEXT });
    expect(without.score).toBeLessThan(6);
    expect(withText.score).toBeGreaterThanOrEqual(6);
    expect(withText.reasoning).toContain('host artefacts');
    expect(concreteMaterial(MAC_TEXT).length).toBeGreaterThan(0);
  });
});
