/**
 * The lists and macros Falco ships in its default rules (falco_rules.yaml) that published Falco rules lean on
 * without defining, as their standard definitions. Only those whose items are the same wherever Falco runs: an
 * operator's allow-lists (allowed_ips, trusted_images) stay unknown, and a rule using one is left out.
 */
export const FALCO_LISTS: Readonly<Record<string, readonly string[]>> = {
  shell_binaries: ['ash', 'bash', 'csh', 'ksh', 'sh', 'tcsh', 'zsh', 'dash'],
  shell_mgmt_binaries: ['add-shell', 'remove-shell'],
  cron_binaries: ['anacron', 'cron', 'crond', 'crontab'],
  network_tool_binaries: ['nc', 'ncat', 'netcat', 'nmap', 'dig', 'tcpdump', 'tshark', 'ngrep', 'telnet', 'mitmproxy', 'socat', 'zmap'],
  sensitive_file_names: ['/etc/shadow', '/etc/sudoers', '/etc/pam.conf', '/etc/security/pwquality.conf'],
  sensitive_directory_names: ['/', '/etc', '/etc/', '/root', '/root/'],
  bin_directories: ['/bin', '/sbin', '/usr/bin', '/usr/sbin'],
};

/** Falco's standard macros as the conditions they stand for (the event-kind macros are parse-falco's MACRO_CATEGORIES). */
export const FALCO_MACROS: Readonly<Record<string, string>> = {
  shell_procs: 'proc.name in (shell_binaries)',
  sensitive_files: '(fd.name in (sensitive_file_names) or fd.name startswith /etc/sudoers.d/ or fd.name startswith /etc/pam.d/)',
  etc_dir: 'fd.name startswith /etc/',
  bin_dir: '(fd.name startswith /bin/ or fd.name startswith /sbin/ or fd.name startswith /usr/bin/ or fd.name startswith /usr/sbin/)',
  user_ssh_directory: 'fd.name contains /.ssh/',
  network_tool_procs: 'proc.name in (network_tool_binaries)',
};

/**
 * Macros that narrow a rule in ways Sigma's Linux events cannot say (a session's origin, a container's presence):
 * tests that select nothing by themselves.
 */
export const FALCO_NON_SELECTING: ReadonlySet<string> = new Set(['interactive', 'proc_name_exists', 'always_true', 'container_started']);

/** Falco's customisation hooks (`user_known_…`, `user_expected_…`) are never_true until an operator defines them. */
export const isFalcoHook = (name: string): boolean => /^user_(?:known|expected)_\w+$/.test(name);
