import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Rules written for these specs from Falco's documentation of its default macros and lists, not from any article.
function only(text: string) {
  const translation = translateQuery(text, 'falco', null);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition) };
}
const dropped = (text: string) => translateQuery(text, 'falco', null).ok === false;

describe('Falco default macros and lists', () => {
  it('reads shell_procs and shell_binaries as the shells Falco lists', () => {
    const { logsource, detection } = only(
      '- rule: Shell from a web server\n  condition: spawned_process and shell_procs and proc.pname in (nginx, httpd) and not user_known_shell_spawn_activities',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'linux' });
    expect(detection['selection']).toEqual({
      'Image|endswith': ['/ash', '/bash', '/csh', '/ksh', '/sh', '/tcsh', '/zsh', '/dash'],
      'ParentImage|endswith': ['/nginx', '/httpd'],
    });
    expect(detection['condition']).toBe('selection');
  });

  it('reads sensitive_files as the files and directories Falco names', () => {
    const { logsource, detection } = only(
      '- rule: Read sensitive file\n  condition: open_read and sensitive_files and proc.name = python3',
    );
    expect(logsource).toEqual({ category: 'file_event', product: 'linux' });
    expect(JSON.stringify(detection)).toContain('/etc/shadow');
    expect(JSON.stringify(detection)).toContain('/etc/sudoers.d/');
  });

  it('leaves interactive out where the rest selects something specific, and drops the rule where it does not', () => {
    expect(
      only('- rule: Interactive curl\n  condition: spawned_process and interactive and proc.name = curl and proc.cmdline contains "| sh"')
        .detection,
    ).toEqual({ selection: { 'Image|endswith': '/curl', 'CommandLine|contains': '| sh' }, condition: 'selection' });
    expect(dropped('- rule: Interactive shell\n  condition: spawned_process and interactive and proc.name = bash')).toBe(true);
  });

  it('prefers the text own definition of a standard name, and still drops an operator allow-list', () => {
    const { detection } = only(
      '- list: shell_binaries\n  items: [fish]\n- rule: Fish\n  condition: spawned_process and proc.name in (shell_binaries) and proc.pname = sshd',
    );
    expect(detection['selection']).toEqual({ 'Image|endswith': '/fish', 'ParentImage|endswith': '/sshd' });
    expect(dropped('- rule: x\n  condition: outbound and not fd.sip in (allowed_outbound_destination_ipaddrs)')).toBe(true);
  });
});
