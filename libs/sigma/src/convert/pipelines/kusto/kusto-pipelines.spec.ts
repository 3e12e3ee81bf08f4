import { convertRuleText, type PipelineSpec } from '../../convert';

const rule = (logsource: string, detection: string): string =>
  `title: Kusto spec rule\nlogsource:\n${logsource}\ndetection:\n${detection}\n`;
const windows = (category: string) => `  category: ${category}\n  product: windows`;

const kql = (text: string, pipeline: PipelineSpec): unknown => {
  const outcome = convertRuleText(text, { target: 'kusto', pipelines: [pipeline] });
  return outcome.ok ? outcome.queries : `${outcome.kind}: ${outcome.message}`;
};

describe('Kusto pipelines (Defender XDR, Sentinel ASIM, Azure Monitor)', () => {
  it('puts a Defender process rule on DeviceProcessEvents with its column names', () => {
    const text = rule(
      windows('process_creation'),
      '  sel:\n    Image|endswith: \\\\rundll32.exe\n    ParentCommandLine|contains: office\n  condition: sel',
    );
    expect(kql(text, { name: 'microsoft_xdr' })).toEqual([
      'DeviceProcessEvents\n| where FolderPath endswith "\\\\rundll32.exe" and InitiatingProcessCommandLine contains "office"',
    ]);
  });

  it('places a rule without category by its event id and drops the id', () => {
    const text = rule(
      '  product: windows',
      '  selection:\n    EventID: 13\n    TargetObject: HKLM\\\\Software\\\\Run\n  condition: selection',
    );
    expect(kql(text, { name: 'microsoft_xdr' })).toEqual([
      'DeviceRegistryEvents\n| where RegistryKey =~ "HKEY_LOCAL_MACHINE\\\\Software\\\\Run"',
    ]);
  });

  it('keeps only the parent file name outside process creation, and splits DOMAIN\\user', () => {
    const text = rule(
      windows('network_connection'),
      '  sel:\n    ParentImage: C:\\\\Windows\\\\explorer.exe\n    User: CORP\\\\bob\n  condition: sel',
    );
    expect(kql(text, { name: 'microsoft_xdr' })).toEqual([
      'DeviceNetworkEvents\n| where InitiatingProcessParentFileName =~ "explorer.exe" and (InitiatingProcessAccountName =~ "bob" and InitiatingProcessAccountDomain =~ "CORP")',
    ]);
  });

  it('refuses a field the table lacks, an unknown category and hashes of no known algorithm', () => {
    expect(kql(rule(windows('image_load'), '  sel:\n    NoSuchColumn: x\n  condition: sel'), { name: 'microsoft_xdr' })).toMatch(
      /^SigmaTransformationError: Invalid field name 'NoSuchColumn' for the DeviceImageLoadEvents table/,
    );
    expect(
      kql(rule('  category: antivirus\n  product: windows', '  sel:\n    Signature: x\n  condition: sel'), { name: 'microsoft_xdr' }),
    ).toMatch(/^SigmaTransformationError: Unable to determine the query table/);
    expect(
      kql(rule(windows('process_creation'), '  sel:\n    Hashes: CRC32=abcdef01\n  condition: sel'), { name: 'microsoft_xdr' }),
    ).toMatch(/^InvalidHashAlgorithmError/);
  });

  it('uses the query_table argument and leaves fields of a table it does not know alone', () => {
    const text = rule('  category: something_else\n  product: windows', '  sel:\n    MyColumn: 42\n  condition: sel');
    expect(kql(text, { name: 'sentinel_asim', args: { query_table: 'MyTable_CL' } })).toEqual(['MyTable_CL\n| where MyColumn == 42']);
  });

  it('maps ASIM process hashes per algorithm and Sysmon registry event types to ASIM values', () => {
    const hashes = rule(windows('process_creation'), '  sel:\n    Hashes:\n      - SHA256=aa\n      - IMPHASH|bb\n  condition: sel');
    expect(kql(hashes, { name: 'sentinel_asim' })).toEqual([
      'imProcessCreate\n| where TargetProcessSHA256 =~ "aa" or TargetProcessIMPHASH =~ "bb"',
    ]);
    const registry = rule(windows('registry_event'), '  sel:\n    EventType: DeleteKey\n  condition: sel');
    expect(kql(registry, { name: 'sentinel_asim' })).toEqual([
      'imRegistry\n| where EventType in~ ("RegistryKeyDeleted", "RegistryValueDeleted")',
    ]);
  });

  it('keeps EventID on Azure Monitor SecurityEvent and folds hashes into FileHash', () => {
    const text = rule(
      windows('process_creation'),
      '  sel:\n    EventID: 4688\n    Hashes: MD5=0123456789abcdef0123456789abcdef\n  condition: sel',
    );
    expect(kql(text, { name: 'azure_monitor' })).toEqual([
      'SecurityEvent\n| where EventID == 4688 and FileHash =~ "0123456789abcdef0123456789abcdef"',
    ]);
  });

  it('answers to the old name microsoft_365_defender', () => {
    const text = rule(windows('file_event'), '  sel:\n    TargetFilename|endswith: .lnk\n  condition: sel');
    expect(kql(text, { name: 'microsoft_365_defender' })).toEqual(kql(text, { name: 'microsoft_xdr' }));
  });
});
