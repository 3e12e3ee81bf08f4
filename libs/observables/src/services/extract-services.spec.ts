import { parseDocument } from '../text/document';
import { extractServices } from './extract-services';

const services = (text: string) => extractServices(parseDocument(text));

describe('extractServices', () => {
  it('reads sc create with binPath and DisplayName, remote and local', () => {
    const text =
      'sc \\\\FS02 create WinSvcHost binPath= "C:\\Windows\\Temp\\s.exe" DisplayName= "Win Host" start= auto\nsc.exe config "Other Svc" start= disabled';
    expect(services(text)).toEqual([
      expect.objectContaining({ value: 'WinSvcHost', binary_path: 'C:\\Windows\\Temp\\s.exe', display_name: 'Win Host' }),
      expect.objectContaining({ value: 'Other Svc' }),
    ]);
  });

  it('reads New-Service and the other service cmdlets', () => {
    const text = 'New-Service -Name "MsDtcHelper" -BinaryPathName "C:\\x.exe -k" -DisplayName "Helper"\nStop-Service WinDefend -Force';
    expect(services(text).map((s) => [s.value, s.binary_path ?? null])).toEqual([
      ['MsDtcHelper', 'C:\\x.exe -k'],
      ['WinDefend', null],
    ]);
  });

  it('reads net start/stop, the Services key, 7045 fields and prose', () => {
    const text = [
      'net stop "Security Center"',
      'HKLM\\SYSTEM\\CurrentControlSet\\Services\\evildrv\\ImagePath',
      'Service Name:  PSEXESVC',
      'The MSI installed a service named "ScreenConnect Client (abc)".',
    ].join('\n');
    expect(services(text).map((s) => s.value)).toEqual(['Security Center', 'evildrv', 'PSEXESVC', 'ScreenConnect Client (abc)']);
  });

  it('does not read services from prose without a name', () => {
    expect(services('The attacker created a service to persist and stopped services with sc.')).toEqual([]);
  });
  it('reads names written as code in prose and Service Name fields with spaces', () => {
    const text =
      'AnyDesk registers a Windows service named `AnyDesk`. This creates the service `Mesh Agent`, which connects out.\nService Name:  Remote Relay Helper\nService File Name:  C:\\x.exe';
    expect(services(text).map((s) => s.value)).toEqual(['AnyDesk', 'Mesh Agent', 'Remote Relay Helper']);
  });

  it('names the service a remote-access or tunnelling tool installs for itself, and only for tools whose service name is known', () => {
    const text = 'C:\\ProgramData\\cloudflared.exe service install eyJhIjoiNm\nmeshagent64.exe -fullinstall\nsetup.exe /install /quiet';
    expect(services(text).map((s) => s.value)).toEqual(['Cloudflared', 'Mesh Agent']);
  });

  it('reads more ways prose names an installed service, and not the words that describe one', () => {
    const names = (text: string) => services(text).map((s) => s.value);
    expect(names('A new service, "WinSysHelper", was created to run the beacon.')).toEqual(['WinSysHelper']);
    expect(names('They registered the AcmeSync service to keep access.')).toEqual(['AcmeSync']);
    expect(names('Event ID 7045 showed the service AcmeUpdate being installed.')).toEqual(['AcmeUpdate']);
    expect(names('Lateral movement went through a Windows service (ACMEXESVC).')).toEqual(['ACMEXESVC']);
    expect(names('The actor installed the Windows service and created a new service for the miner.')).toEqual([]);
  });

  it('reads a bare Service label only beside the binary it runs', () => {
    const names = (text: string) => services(text).map((s) => s.value);
    expect(names('Service: acmedrv | Path: ...\\Temp\\acme.sys Service: HLPSVC2 | ImagePath: C:\\x\\h.sys')).toEqual([
      'acmedrv',
      'HLPSVC2',
    ]);
    expect(names('Service: Microsoft Teams was used to send the lure.')).toEqual([]);
  });

  it('reads service names from key/value tables and from a Service Name column', () => {
    const names = (text: string) => services(text).map((s) => s.value);
    const keyValue = [
      '| Field | Value |',
      '| --- | --- |',
      '| Persistence: service name | WinAuditSync | the display name matches |',
      '| Service description | Audits things |',
    ];
    expect(names(keyValue.join('\n'))).toEqual(['WinAuditSync']);
    const column = [
      '| Host | Service Name | Binary |',
      '|---|---|---|',
      '| SRV01 | `AcmeUpd` | C:\\a.exe |',
      '| SRV02 | Acme Relay | C:\\b.exe |',
    ];
    expect(names(column.join('\n'))).toEqual(['AcmeUpd', 'Acme Relay']);
  });

  it('reads still more ways prose names a service, and unquoted names only when spelt like one', () => {
    const names = (text: string) => services(text).map((s) => s.value);
    expect(names('A new service, MsDefSync, was registered to run the implant.')).toEqual(['MsDefSync']);
    expect(names('Event ID 7045 recorded the installation of the service "PSEXESVC2".')).toEqual(['PSEXESVC2']);
    expect(names('A service was installed: KrbSyncSvc, with the image path C:\\Windows\\Temp\\k.exe.')).toEqual(['KrbSyncSvc']);
    expect(names('It installs itself as a service with the name "Windows Time Sync".')).toEqual(['Windows Time Sync']);
    expect(names('The dropper registers the service WinHlp32 and starts it.')).toEqual(['WinHlp32']);
    expect(names('The driver was loaded as the kernel service acmeArPot.')).toEqual(['acmeArPot']);
    expect(names('A new service, however, was registered later. They installed the service quickly.')).toEqual([]);
  });
});
