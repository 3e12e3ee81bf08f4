import { proseEvents } from '../evaluate/prose-events';
import { proseFactRules } from './prose-rules';
import { persistenceFileEvents, persistenceFileRules, statedPersistence } from './unix-persistence-files';

// A Linux intrusion write-up we wrote: persistence stated in prose, no command quoted for it.
const LINUX = [
  '## Persistence',
  'The implant installs a crontab entry, appends its launcher to ~/.bashrc and creates a systemd user service.',
  'It also injects its library through `echo /usr/lib/libsync.so | tee -a /etc/ld.so.preload` on every host.',
].join('\n');

const article = { title: 'Fixture implant', url: 'https://example.org/implant', date: '2026-01-01' };
const places = (content: string) => statedPersistence(content).map((stated) => stated.place.id);

describe('persistence files stated in prose', () => {
  it('reads each place the intrusion wrote', () => {
    expect(places(LINUX)).toEqual(['cron', 'systemd-unit', 'shell-profile', 'ld-so-preload']);
  });

  it('reads nothing from defenders, demonstrations, ATT&CK names or places no verb writes', () => {
    expect(places('Defenders should monitor /etc/cron.d and ~/.bashrc for new entries.')).toEqual([]);
    expect(places('In this post we create a systemd service to test the idea.')).toEqual([]);
    expect(places('7 - Scheduled Task/Job: Cron')).toEqual([]);
    expect(places('These tools convert old init scripts into systemd services by parsing them and creating wrappers.')).toEqual([]);
    expect(places('The implant did not add an SSH key to authorized_keys.')).toEqual([]);
    expect(places('The worm reads ~/.ssh/known_hosts and the SSH keys it finds.')).toEqual([]);
    expect(places("The worm adds the attacker's SSH key so it can log in again.")).toEqual(['ssh-authorized-keys']);
  });

  it('keys each place as SigmaHQ does: the spool and unit folders, the startup files by name, the preload list by path', () => {
    const rules = persistenceFileRules(LINUX, 'linux', 'as described');
    expect(Object.fromEntries(rules.map((rule) => [rule.key, rule.body.detection]))).toEqual({
      'persistence-cron': { selection: { 'TargetFilename|contains': '/var/spool/cron/' }, condition: 'selection' },
      'persistence-systemd-unit': { selection: { 'TargetFilename|contains': '/.config/systemd/user/' }, condition: 'selection' },
      'persistence-shell-profile': {
        selection: { 'TargetFilename|endswith': ['/.bashrc', '/.bash_profile', '/.profile'] },
        condition: 'selection',
      },
      'persistence-ld-so-preload': { selection: { TargetFilename: '/etc/ld.so.preload' }, condition: 'selection' },
    });
    expect(rules.every((rule) => rule.body.logsource.category === 'file_event' && rule.body.logsource.product === 'linux')).toBe(true);
  });

  it('writes rules for Linux and macOS articles only, and macOS only where the place exists there', () => {
    expect(persistenceFileRules(LINUX, 'windows', 'as described')).toEqual([]);
    expect(persistenceFileRules(LINUX, 'macos', 'as described').map((rule) => rule.key)).toEqual(['persistence-shell-profile']);
    expect(proseFactRules(article, LINUX, 'linux').map((draft) => draft.rule.logsource.category)).toContain('file_event');
  });

  it('gives the self-test a file event each rule fires on', () => {
    const events = persistenceFileEvents(LINUX).map((event) => event.event.TargetFilename);
    expect(proseEvents(LINUX).some((event) => event.observable.startsWith('persistence: '))).toBe(true);
    for (const rule of persistenceFileRules(LINUX, 'linux', 'as described')) {
      const fires = rule.values.some((value) => events.some((path) => path === value || path.includes(value) || path.endsWith(value)));
      expect([rule.key, fires]).toEqual([rule.key, true]);
    }
  });
});
