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
    expect(reason('SELECT * FROM users')).toBe('osquery table users: the accounts on the machine');
    expect(reason('SELECT * FROM processes')).toBe('no osquery WHERE');
    // A deleted binary is what the query looks for: without that test the rule would be any process.
    expect(reason('SELECT * FROM processes WHERE on_disk = 0')).toBe('nothing tested beyond the log');
    expect(reason("SELECT * FROM processes WHERE name LIKE '%'")).toBe('a value that matches anything');
  });
});

describe('osquery state tables and file content', () => {
  it('reads the sockets a process holds open as its connections', () => {
    const rule = only(
      "SELECT pid, remote_address FROM process_open_sockets WHERE remote_port = 4444 AND remote_address LIKE '10.%'",
      'linux',
    );
    expect(rule.logsource).toEqual({ category: 'network_connection', product: 'linux' });
    expect(sigmaDetection(rule.condition)['selection']).toEqual({ DestinationPort: 4444, 'DestinationIp|startswith': '10.' });
  });

  it('says why a state table or a unit’s, a launch agent’s or a crontab’s content has no Sigma event', () => {
    expect(reason("SELECT * FROM listening_ports l JOIN processes p USING (pid) WHERE p.path LIKE '/tmp/%'")).toMatch(
      /^osquery table listening_ports: the ports listening now/,
    );
    expect(reason("SELECT * FROM startup_items WHERE path LIKE '%\\Temp\\%'")).toMatch(/^osquery table startup_items: /);
    expect(reason("SELECT * FROM crontab WHERE command LIKE '%curl%'")).toBe(
      "column command: the file's content, which no file event carries",
    );
    expect(reason("SELECT * FROM launchd WHERE program LIKE '%/.%'")).toBe(
      "column program: the file's content, which no file event carries",
    );
    expect(translateQuery("SELECT * FROM crontab WHERE command LIKE '%curl%'", 'osquery', null)).toMatchObject({ code: 'unmapped-field' });
    // A crontab's own path is the file written.
    expect(only("SELECT * FROM crontab WHERE path LIKE '/var/spool/cron/%'", 'linux').logsource.category).toBe('file_event');
  });
});

describe('osquery subqueries of the same column', () => {
  it('reads a subquery over the same table and column as its own test, and leaves out any other', () => {
    const rule = only(
      "SELECT id FROM systemd_units WHERE fragment_path LIKE '/etc/systemd/system/%' AND id IN (SELECT id FROM systemd_units WHERE id LIKE 'kworker%')",
    );
    expect(rule.logsource).toEqual({ category: 'file_event', product: 'linux' });
    expect(sigmaDetection(rule.condition)['selection']).toEqual({
      'TargetFilename|startswith': '/etc/systemd/system/',
      'TargetFilename|contains': '/kworker',
    });
    expect(reason("SELECT * FROM systemd_units WHERE id IN (SELECT id FROM systemd_units WHERE fragment_path LIKE '/tmp/%')")).toBe(
      'an osquery subquery',
    );
    expect(reason('SELECT * FROM processes WHERE pid IN (SELECT pid FROM listening_ports)')).toBe('an osquery subquery');
  });
});
