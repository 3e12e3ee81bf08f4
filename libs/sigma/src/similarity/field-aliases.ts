/** Spellings of one field across log sources (Sysmon vs Windows Security vs EDR schemas), lower case. */
const ALIASES: Record<string, string[]> = {
  image: ['newprocessname', 'process_path', 'processpath'],
  commandline: ['processcommandline', 'command_line', 'cmdline'],
  parentimage: ['parentprocessname', 'parent_process_path'],
  parentcommandline: ['parentprocesscommandline'],
  targetobject: ['objectname'],
  details: ['newvalue'],
  sourceip: ['src_ip', 'sourceaddress'],
  destinationip: ['dst_ip', 'destinationaddress'],
  destinationport: ['dst_port'],
  originalfilename: ['originalname'],
  user: ['username'],
  targetfilename: ['target_filename'],
  queryname: ['query'],
};

const CANONICAL = new Map<string, string>();
for (const [canonical, aliases] of Object.entries(ALIASES)) {
  CANONICAL.set(canonical, canonical);
  for (const alias of aliases) CANONICAL.set(alias, canonical);
}

/** The canonical (lower-case) name of a field. */
export function canonicalField(field: string): string {
  const lowered = field.toLowerCase();
  return CANONICAL.get(lowered) ?? lowered;
}

/** The preferred spelling of a field name for rendering (Sysmon-style), keeping unknown names as written. */
export function preferredFieldName(field: string): string {
  const canonical = CANONICAL.get(field.toLowerCase());
  if (!canonical || canonical === field.toLowerCase()) return field;
  return SYSMON_SPELLING[canonical] ?? field;
}

const SYSMON_SPELLING: Record<string, string> = {
  image: 'Image',
  commandline: 'CommandLine',
  parentimage: 'ParentImage',
  parentcommandline: 'ParentCommandLine',
  targetobject: 'TargetObject',
  details: 'Details',
  sourceip: 'SourceIp',
  destinationip: 'DestinationIp',
  destinationport: 'DestinationPort',
  originalfilename: 'OriginalFileName',
  user: 'User',
  targetfilename: 'TargetFilename',
  queryname: 'QueryName',
};
