import { selfTestGenerated } from '../generation/self-test-generated';
import { proseFactRules } from '../templates/prose-rules';
import { proseEvents } from './prose-events';

// A write-up we wrote: side-loading, a driver, a ransom note and extension, a program's hash, an artifact list.
const ARTICLE = [
  'The actor abused DLL side-loading: runner.exe side-loads a malicious corehook.dll from the Music folder.',
  'The BYOVD step loaded the vulnerable driver oldio64.sys to end security processes.',
  'Encrypted files get the extension .vvlock and a ransom note named RESTORE_NOW.txt is left in each folder.',
  '',
  'Files artifacts:',
  '',
  '- /tmp/.kitd (hidden binary)',
  '',
  'Indicators: lock.exe SHA256: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
].join('\n');

const article = { title: 'Fixture intrusion', url: 'https://example.org/fixture', date: '2026-01-01' };

describe('proseEvents', () => {
  it('stands for each stated fact with the Sysmon event that records it', () => {
    const events = proseEvents(ARTICLE);
    expect(events.map((event) => event.observable)).toEqual([
      'side-load: corehook.dll by runner.exe',
      'driver: oldio64.sys',
      'driver: oldio64.sys',
      'driver: oldio64.sys',
      'ransom note: RESTORE_NOW.txt',
      'ransom note: RESTORE_NOW.txt',
      'encrypted extension: .vvlock',
      'encrypted extension: .vvlock',
      'file: /tmp/.kitd',
      'hash: lock.exe',
    ]);
    expect(events.find((event) => event.observable.startsWith('hash'))?.event).toMatchObject({
      EventID: 1,
      Hashes: 'SHA256=0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF',
    });
  });

  it('gives every prose rule an event of its own article to fire on, and none of another', () => {
    const rules = proseFactRules(article, ARTICLE, 'windows');
    expect(rules.map((rule) => rule.telemetryClass)).toEqual([
      'image_load',
      'driver_load',
      'service_creation',
      'file_event',
      'file_event',
      'file_event',
      'process_creation',
    ]);
    for (const { rule } of rules) {
      const doc = rule as unknown as Record<string, unknown>;
      const result = selfTestGenerated(doc, [], ARTICLE);
      expect(result.fires).toBe(true);
      expect(result.baseline?.fires).toBe(0);
      expect(selfTestGenerated(doc, [], 'An unrelated article about phishing.').fires).toBe(false);
    }
  });

  it('keys the side-load on the pair, outside the folders the product installs to', () => {
    const [sideLoad] = proseFactRules(article, ARTICLE, 'windows');
    expect(sideLoad?.rule.detection).toEqual({
      selection: { 'Image|endswith': '\\runner.exe', 'ImageLoaded|endswith': '\\corehook.dll' },
      filter_installed: { 'ImageLoaded|startswith': expect.arrayContaining(['C:\\Program Files\\', 'C:\\Windows\\System32\\']) },
      condition: 'selection and not filter_installed',
    });
  });

  it('writes no Windows-only rule for a Linux article', () => {
    const classes = proseFactRules(article, ARTICLE, 'linux').map((rule) => `${rule.telemetryClass}:${rule.rule.logsource.product}`);
    expect(classes).toEqual(['file_event:linux', 'file_event:linux']);
  });

  it('reads nothing from no text', () => {
    expect(proseEvents(undefined)).toEqual([]);
    expect(proseFactRules(article, undefined, 'windows')).toEqual([]);
  });
});
