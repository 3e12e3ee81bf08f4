import { positiveEvent } from './positive-event';
import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// osquery queries written for these specs from osquery's table schema, not from any article.
function only(text: string, platform: 'windows' | 'linux' | 'macos' | null = null): TranslatedQuery {
  const translation = translateQuery(text, 'osquery', platform);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  return translation.rules[0] as TranslatedQuery;
}
const reason = (text: string) => {
  const translation = translateQuery(text, 'osquery', null);
  return translation.ok ? null : translation.reason;
};

describe('osquery', () => {
  it('reads the processes table as process creations: LIKE as wildcards, = as the value, aliases and lower()', () => {
    const rule = only(
      "SELECT p.pid, p.cmdline FROM processes AS p WHERE lower(p.name) = 'xmrig' OR p.cmdline LIKE '%stratum+tcp://%';",
      'linux',
    );
    expect(rule.logsource).toEqual({ category: 'process_creation', product: 'linux' });
    expect(sigmaDetection(rule.condition)).toEqual({
      selection: [{ 'Image|endswith': '/xmrig' }, { 'CommandLine|contains': 'stratum+tcp://' }],
      condition: 'selection',
    });
  });

  it("reads LIKE's single-character wildcard and IN lists, and leaves a time window out", () => {
    const rule = only(
      "SELECT path FROM process_events WHERE time > (strftime('%s','now') - 600) AND path IN ('/tmp/.x/kworker', '/dev/shm/kthreadd') AND cmdline LIKE '%-c_%'",
    );
    expect(sigmaDetection(rule.condition)['selection']).toEqual({
      Image: ['/tmp/.x/kworker', '/dev/shm/kthreadd'],
      CommandLine: '*-c?*',
    });
  });

  it('reads files in a folder, a join that only adds hashes, and a size test as narrowing only', () => {
    const rule = only(
      "SELECT f.path, h.sha256 FROM file f JOIN hash h USING (path) WHERE f.directory = '/etc/profile.d' AND f.filename LIKE '%.sh' AND f.size > 0",
    );
    expect(rule.logsource).toEqual({ category: 'file_event', product: 'linux' });
    expect(sigmaDetection(rule.condition)['selection']).toEqual({
      'TargetFilename|startswith': '/etc/profile.d/',
      'TargetFilename|endswith': '.sh',
    });
    expect(positiveEvent(rule.condition, 'linux')).toEqual({ TargetFilename: '/etc/profile.d/file.sh' });
  });

  it('reads a systemd unit and a launch agent as the file written where the row says', () => {
    expect(
      sigmaDetection(only("SELECT id FROM systemd_units WHERE fragment_path LIKE '/etc/systemd/system/%'").condition)['selection'],
    ).toEqual({
      'TargetFilename|startswith': '/etc/systemd/system/',
    });
    expect(only("SELECT * FROM launchd WHERE path LIKE '/Library/LaunchDaemons/com.%.plist'", 'macos').logsource).toEqual({
      category: 'file_event',
      product: 'macos',
    });
  });

  it('reads a process connecting out (socket_events) as a network connection with its port compared as a number', () => {
    const rule = only("SELECT * FROM socket_events WHERE action = 'connect' AND path LIKE '%/python3' AND remote_port >= 8000");
    expect(rule.logsource).toEqual({ category: 'network_connection', product: 'linux' });
    expect(sigmaDetection(rule.condition)['selection']).toEqual({ 'Image|endswith': '/python3', 'DestinationPort|gte': 8000 });
  });

  it('leaves out joins that filter, subqueries, functions, other tables and what selects nothing', () => {
    expect(reason("SELECT * FROM processes p JOIN listening_ports l USING (pid) WHERE p.name = 'nc'")).toBe('an osquery join');
    expect(reason('SELECT * FROM processes WHERE pid IN (SELECT pid FROM listening_ports)')).toBe('an osquery subquery');
    expect(reason("SELECT * FROM processes WHERE regex_match(cmdline, 'x+', 0)")).toBe('function regex_match');
    expect(reason('SELECT * FROM users')).toBe('osquery table users');
    expect(reason('SELECT * FROM processes')).toBe('no osquery WHERE');
    // A deleted binary is what the query looks for: without that test the rule would be any process.
    expect(reason('SELECT * FROM processes WHERE on_disk = 0')).toBe('nothing tested beyond the log');
    expect(reason("SELECT * FROM processes WHERE name LIKE '%'")).toBe('a value that matches anything');
  });
});
