/**
 * Run values Windows and Microsoft's own software register for every user, with the program their data
 * names. Intruders reuse these names to blend in (`Run\OneDriveSetup` pointing at their loader): a rule on
 * the name alone fires on every new profile, so without the intruder's data it excludes the genuine one.
 */
const LEGITIMATE_RUN_VALUES: Readonly<Record<string, string>> = {
  onedrive: '\\OneDrive.exe',
  onedrivesetup: '\\OneDriveSetup.exe',
  securityhealth: '\\SecurityHealthSystray.exe',
  'windows defender': '\\MSASCuiL.exe',
};

/** The program the genuine Run value of this name starts, or null for a name Windows does not register. */
export function legitimateRunData(valueName: string): string | null {
  return LEGITIMATE_RUN_VALUES[valueName.trim().toLowerCase()] ?? null;
}
