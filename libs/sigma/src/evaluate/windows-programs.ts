/**
 * Programs Windows itself installs in the system folder, by bare name: a bare name among them runs from
 * C:\Windows\System32 (or the folder process-event.ts's SYSTEM_FOLDERS gives). Any other bare name is a tool the
 * intruder brought (PsExec, AdFind, a loader): it runs from where it was written, never from System32, and rules
 * on tools started from user or staging folders read that path.
 */
export const WINDOWS_PROGRAMS: ReadonlySet<string> = new Set(
  `cmd powershell powershell_ise rundll32 regsvr32 mshta wscript cscript certutil bitsadmin schtasks sc net net1 reg wmic
msiexec curl tar conhost pcalua forfiles cmstp odbcconf finger nltest whoami ipconfig systeminfo tasklist taskkill vssadmin
wbadmin bcdedit netsh attrib icacls cacls takeown cipher extrac32 makecab esentutl ntdsutil dsquery dsget dsadd dsmod dsrm
findstr find xcopy robocopy hh msdt tftp ftp runas mavinject ie4uinit diskshadow quser qwinsta query klist setspn arp netstat
nbtstat route tracert pathping ping nslookup hostname getmac sdbinst winrm winrs wusa dism pnputil certreq presentationhost
tscon mstsc cmdkey vaultcmd auditpol gpupdate gpresult fltmc wmiprvse svchost dllhost services lsass winlogon wininit csrss
smss userinit explorer regedit regini notepad calc mspaint taskmgr control mmc eventvwr sethc utilman osk magnify narrator
wuauclt sdclt fodhelper computerdefaults consent dnscmd ldifde csvde wsl bash msconfig setx expand replace timeout wevtutil
fsutil mountvol shutdown logoff logman w32tm manage-bde reagentc secedit driverquery openfiles sfc chkdsk defrag diskpart
label where choice clip bootcfg systemreset recdisc rasdial rasautou wlrmdr ttdinject tttracer cmdl32 desktopimgdownldr
syncappvpublishingserver msbuild csc vbc installutil regasm regsvcs aspnet_compiler mpcmdrun msiexec bthudtask
scriptrunner replace print psr wermgr werfault wmiadap wmiapsrv searchprotocolhost searchindexer spoolsv taskhostw
sihost runtimebroker dwm fontdrvhost lsaiso ctfmon backgroundtaskhost smartscreen ssh scp sftp ssh-keygen sshd
dcdiag repadmin ntfrsutl dfsrdiag adprep klist ksetup nltest wecutil wevtutil appcmd inetinfo w3wp iisreset
chcp tree more mode format edit debug doskey diskcomp rdrleakdiag comsvcs`.split(/\s+/),
);

// Programs Windows ships as .com files: a bare `chcp` runs chcp.com, which process telemetry records as the image.
export const COM_PROGRAMS: ReadonlySet<string> = new Set(['chcp', 'tree', 'more', 'mode', 'format', 'edit', 'debug', 'diskcomp']);

/** Where a tool the intruder brought runs from when the article does not say: the working directory of their shell. */
export const DROPPED_FOLDER = 'C:\\Users\\user';
