import { generateBuiltinRules, type TemplatePlatform } from './builtin-sigma-agent';
import { UNIX_TECHNIQUES } from './techniques-unix';
import { UNIX_PROSE_TECHNIQUES } from './unix-prose-techniques';

const article = { title: 'Notes on an intrusion', url: 'https://research.example.org/notes', date: '2026-11-28' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9, executable: '' };
const OURS = new Set([...UNIX_TECHNIQUES, ...UNIX_PROSE_TECHNIQUES].map((technique) => technique.title));

const rulesOf = (platform: TemplatePlatform, value: string) =>
  generateBuiltinRules({ article, platform, cmdlines: [{ ...item, value }] }).map((draft) => draft.rule);

describe('Linux and macOS techniques', () => {
  // What administrators and users type every day, next to the intrusion steps above: none is one of them.
  it.each<[TemplatePlatform, string]>([
    ['linux', 'ufw allow 22/tcp'],
    ['linux', 'iptables -A INPUT -p tcp --dport 22 -j ACCEPT'],
    ['linux', 'systemctl mask bluetooth.service'],
    ['linux', 'find /var/www -type f -perm 644'],
    ['linux', 'cat /proc/sys/kernel/randomize_va_space'],
    ['linux', 'echo "nightly run started" >> /var/log/quill/nightly.log'],
    ['linux', '/opt/quill/bin/quilld --config /etc/quill.conf > /var/log/quill.log 2>&1'],
    ['linux', 'chmod 644 /etc/systemd/system/quill.service'],
    ['linux', 'base64 -d unit.b64 > /opt/quill/unit.service'],
    ['linux', 'sysctl -w vm.swappiness=10'],
    ['linux', 'passwd jdoe'],
    ['linux', 'cat /proc/meminfo'],
    ['linux', 'grep jdoe /etc/passwd'],
    ['linux', 'LD_PRELOAD=/usr/lib/libjemalloc.so.2 /opt/quill/bin/quilld'],
    ['linux', 'docker ps -a'],
    ['linux', 'dmesg -T'],
    ['macos', 'dscl . -list /Users UniqueID'],
    ['macos', 'defaults read com.apple.dock autohide'],
    ['macos', 'curl -s https://api.example.org/v1/ip'],
    ['macos', 'csrutil status'],
    ['macos', 'tmutil startbackup --auto'],
    ['macos', 'chflags nohidden ~/Library'],
    ['macos', 'osascript -e \'display notification "Build done" with title "CI"\''],
    ['macos', 'networksetup -getwebproxy Wi-Fi'],
    ['macos', 'dscl . -read /Users/jdoe RealName'],
    ['linux', 'curl -fsSL https://get.example.org/install.sh | sh'],
    ['linux', 'crontab -l'],
    ['linux', 'modprobe nf_conntrack'],
    ['linux', 'chmod 600 /home/jdoe/.ssh/authorized_keys'],
    ['linux', 'systemctl enable --now quill.service'],
    ['linux', 'echo "export PATH=$PATH:/opt/quill/bin" >> /etc/environment'],
    ['macos', 'launchctl load -w /Library/LaunchDaemons/com.corp.agent.plist'],
    ['macos', 'launchctl list'],
    ['macos', 'killall Dock'],
    ['macos', 'security find-certificate -a -c corp-root /Library/Keychains/System.keychain'],
  ])('%s: %s is no intrusion step', (platform, value) => {
    expect(rulesOf(platform, value).filter((rule) => OURS.has(rule.title))).toEqual([]);
  });

  it('keys a second root account on -o/--non-unique with user ID 0, however the intruder spelled it', () => {
    const [rule] = rulesOf('linux', 'useradd --non-unique --uid 0 sysadm');
    expect(rule?.title).toBe('Account With User ID 0 Created');
    expect(rule?.detection).toEqual({
      selection_1: { 'Image|endswith': ['/useradd', '/usermod', '/adduser'], 'CommandLine|contains': [' -o', '--non-unique'] },
      selection_2: { 'CommandLine|contains': [' -u 0', ' --uid 0'] },
      condition: 'all of selection_*',
    });
  });

  it('keys Base64 decoded into a systemd unit on the decoder and the unit folder, not on the unit name', () => {
    const rule = rulesOf('linux', "echo 'W1NlcnZpY2VdCg==' | base64 -d > /run/systemd/system/netsync.service").find(
      (candidate) => candidate.title === 'Base64-Decoded Content Written To An Autostart Location',
    );
    expect(rule?.detection).toEqual({
      selection_1: { 'CommandLine|contains': 'base64 -d' },
      selection_2: { 'CommandLine|contains': '/run/systemd/' },
      condition: 'all of selection_*',
    });
  });
});
