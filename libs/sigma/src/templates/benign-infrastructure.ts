/**
 * Infrastructure every network uses: public resolvers, CDNs, code and package hosts, cloud front
 * doors. Attackers abuse it, but an IOC rule on it fires on every workstation, so it stays out of
 * IOC rules (the behaviour rules still carry how it was used).
 */
const BENIGN_IPS = new Set([
  '8.8.8.8',
  '8.8.4.4',
  '1.1.1.1',
  '1.0.0.1',
  '9.9.9.9',
  '149.112.112.112',
  '208.67.222.222',
  '208.67.220.220',
  '4.2.2.1',
  '4.2.2.2',
  '94.140.14.14',
]);

const BENIGN_DOMAINS = [
  'github.com',
  'githubusercontent.com',
  'gitlab.com',
  'bitbucket.org',
  'npmjs.org',
  'npmjs.com',
  'pypi.org',
  'pythonhosted.org',
  'rubygems.org',
  'nodejs.org',
  'python.org',
  'microsoft.com',
  'microsoftonline.com',
  'msftauth.net',
  'msauth.net',
  'office365.com',
  'outlook.com',
  'windows.com',
  'windowsupdate.com',
  'office.com',
  'live.com',
  'okta.com',
  'azureedge.net',
  'cloudapp.azure.com',
  'azurewebsites.net',
  'blob.core.windows.net',
  'sharepoint.com',
  'onedrive.com',
  'google.com',
  'googleapis.com',
  'gstatic.com',
  'googleusercontent.com',
  'apple.com',
  'icloud.com',
  'amazonaws.com',
  'aws.amazon.com',
  'cloudfront.net',
  'cloudflare.com',
  'akamaihd.net',
  'akamaized.net',
  'fastly.net',
  'jsdelivr.net',
  'unpkg.com',
  'dropbox.com',
  'discord.com',
  'discordapp.com',
  'telegram.org',
  't.me',
  'pastebin.com',
  'docker.com',
  'docker.io',
  'ubuntu.com',
  'debian.org',
];

/** True for a resolver, CDN, code or package host or cloud front door that every network reaches. */
export function isBenignInfrastructure(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return BENIGN_IPS.has(h) || BENIGN_DOMAINS.some((domain) => h === domain || h.endsWith(`.${domain}`));
}
