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

  it('reads the package manager, interpreter, grep and user-management lists, and a program a list names as an item', () => {
    const { detection } = only(
      '- rule: Package manager in a pod\n  condition: spawned_process and package_mgmt_procs and not proc.pname in (unix_chkpwd, user_mgmt_binaries)',
    );
    const selection = detection['selection'] as Record<string, string[]>;
    expect(selection['Image|endswith']).toEqual(expect.arrayContaining(['/apt-get', '/yum', '/pip3', '/npm', '/apk']));
    expect(JSON.stringify(detection)).toContain('/useradd');
    expect(
      only('- rule: Grep for keys\n  condition: spawned_process and grep_commands and proc.args contains "id_rsa"').detection['selection'],
    ).toEqual({
      'Image|endswith': ['/grep', '/egrep', '/fgrep'],
      'CommandLine|contains': 'id_rsa',
    });
  });

  it('reads a syscall’s direction and container or terminal tests as narrowing only, and still wants something specific', () => {
    const { logsource, detection } = only(
      '- rule: Shell in container\n  condition: evt.type = execve and evt.dir = < and container.image.repository != "" and proc.tty != 0 and proc.name = bash and proc.cmdline contains "/dev/tcp/"',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'linux' });
    expect(detection['selection']).toEqual({ 'Image|endswith': '/bash', 'CommandLine|contains': '/dev/tcp/' });
    // Without the container test only a program's name is left: too little to stand alone.
    expect(dropped('- rule: Debugfs\n  condition: spawned_process and container.privileged = true and proc.name = debugfs')).toBe(true);
  });

  it('counts an or of specific tests as one specific test when the narrowing ones are left out', () => {
    const { detection } = only(
      '- rule: Shadow read\n  condition: open_read and proc_name_exists and (fd.name = /etc/shadow or fd.name startswith /etc/sudoers.d/) and not proc.name in (sudo)',
    );
    expect(JSON.stringify(detection)).toContain('/etc/shadow');
  });
});

describe('Falco ancestors, syscall arguments and fd.name', () => {
  const reason = (text: string) => {
    const translation = translateQuery(text, 'falco', null);
    return translation.ok ? null : translation.reason;
  };

  it('reads the first ancestor as the parent, and leaves out any other ancestor', () => {
    const { detection } = only(
      '- rule: Shell under a web server\n  condition: spawned_process and proc.name = bash and proc.aname[1] = nginx',
    );
    expect(detection['selection']).toEqual({ 'Image|endswith': '/bash', 'ParentImage|endswith': '/nginx' });
    expect(reason('- rule: x\n  condition: spawned_process and proc.name = bash and proc.aname[2] = nginx')).toBe(
      'ancestor test of proc.aname[2]',
    );
    expect(reason('- rule: x\n  condition: spawned_process and proc.name = bash and proc.aname = nginx')).toBe(
      'ancestor test of proc.aname',
    );
  });

  it('reads a syscall’s path argument as the file, its flags as a narrowing test, and an unknown argument as a drop', () => {
    const { logsource, detection } = only(
      '- rule: Link to shadow\n  condition: evt.type in (symlink, symlinkat) and evt.arg.target = /etc/shadow and evt.arg.flags contains O_CREAT',
    );
    expect(logsource).toEqual({ category: 'file_event', product: 'linux' });
    expect(detection['selection']).toEqual({ TargetFilename: '/etc/shadow' });
    expect(reason('- rule: x\n  condition: evt.type = write and evt.arg.data contains "ssh-rsa"')).toBe(
      'unmapped field evt.arg.data (a syscall argument)',
    );
  });

  it('leaves out fd.name in a network rule, where it is the address pair', () => {
    expect(reason('- rule: x\n  condition: outbound and fd.name contains "203.0.113.7"')).toMatch(
      /^unmapped field fd.name of a connection/,
    );
    expect(reason('- rule: x\n  condition: outbound and fd.sip.name = "pool.example.org"')).toBeNull();
  });
});
