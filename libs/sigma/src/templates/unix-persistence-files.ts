import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { DEFENDER_VOICE, proseSentences } from './prose-techniques';
import type { ProseRule } from './prose-tool-rules';
import { rememberingLast } from './remembering-last';
import { anyOf, selectionValues } from './side-effect-rule';

/**
 * Persistence a Linux or macOS intrusion sets up by writing a file that runs again by itself, stated in prose with no
 * command quoted: "installs a crontab entry", "creates a systemd user service", "appends to ~/.bashrc", "adds its
 * SSH key to authorized_keys", "writes /etc/ld.so.preload". The malware writes these files itself, so no process
 * rule sees the step; a file event does, keyed as SigmaHQ keys the place (the cron spool, the unit folders, the
 * shell's startup files by their names, the preload list by its path), never on the file name this intrusion chose.
 * Launch agents and daemons are prose-telemetry.ts's; a path the article states is prose-facts.ts's.
 *
 * Precision first: a place counts only in a sentence that names it and says it was written (a write or persistence
 * verb), in the intrusion's voice (not a defender's, not a negation).
 */
export interface PersistencePlace {
  id: string;
  products: ReadonlyArray<'linux' | 'macos'>;
  /** What a sentence names the place by. */
  names: RegExp;
  /** The place as a file event's TargetFilename records it, per product; each map one selection, any of them. */
  selections: (sentences: readonly string[], product: 'linux' | 'macos') => SigmaFieldMap[];
  /** A path telemetry would record for each selection, in order (the self-test's file events). */
  examples: (product: 'linux' | 'macos') => string[];
  title: string;
  does: string;
  tags: string[];
  falsepositives: string[];
}

// A verb saying the file was written or the persistence set up through it.
const WRITTEN =
  /\b(?:writ(?:e|es|ing|ten)|wrote|creat\w*|install\w*|drop\w*|plac\w*|add(?:s|ed|ing)?|append\w*|insert\w*|inject\w*|modif\w*|edit\w*|overwr\w*|register\w*|establish\w*|persist\w*|plant\w*|set(?:s|ting)?\s+up|schedul\w*|hijack\w*|replac\w*)\b/i;

const named = (sentences: readonly string[], pattern: RegExp) => sentences.some((sentence) => pattern.test(sentence));
const one = (values: string[]) => (values.length === 1 ? (values[0] as string) : values);

const USER_CRONTAB = /\bcrontab\b/i;
const SYSTEM_CRON = /\/etc\/cron|\bcron\.d\b|\bsystem[- ]wide cron/i;
const USER_UNIT = /\buser\s+(?:service|unit|timer)s?\b|--user\b|\.config\/systemd\/user\b/i;

export const PERSISTENCE_PLACES: readonly PersistencePlace[] = [
  {
    id: 'cron',
    products: ['linux'],
    names: /\bcron(?:tab)?s?\b|\bcron\s+(?:jobs?|entr(?:y|ies)|tasks?)\b|\/var\/spool\/cron\b|\/etc\/cron/i,
    // `crontab` writes the user's table into the spool; a job written as a file lands in /etc/cron.d.
    selections: (sentences) => {
      const user = named(sentences, USER_CRONTAB);
      const system = named(sentences, SYSTEM_CRON);
      const folders = [...(user || !system ? ['/var/spool/cron/'] : []), ...(system || !user ? ['/etc/cron.d/'] : [])];
      return [{ 'TargetFilename|contains': one(folders) }];
    },
    examples: () => ['/var/spool/cron/crontabs/root', '/etc/cron.d/sync'],
    title: 'Cron Table Or Job File Written',
    does: "a cron job written into a user's table in the cron spool or into /etc/cron.d, which runs the intruder's command again on schedule",
    tags: ['attack.persistence', 'attack.execution', 'attack.t1053.003'],
    falsepositives: ['Administrators and packages installing their own cron jobs'],
  },
  {
    id: 'systemd-unit',
    products: ['linux'],
    names:
      /\bsystemd\b[^.;]{0,40}?\b(?:services?|units?|timers?)\b|\b(?:services?|units?|timers?)\s+(?:file\s+)?(?:for|of|in)\s+systemd\b|\.config\/systemd\/user\b|\/etc\/systemd\/system\b/i,
    // A user unit lives under the account's ~/.config/systemd/user, a system one under /etc/systemd/system or the
    // vendor folder: the folders SigmaHQ's unit rules key.
    selections: (sentences) => [
      {
        'TargetFilename|contains': named(sentences, USER_UNIT)
          ? '/.config/systemd/user/'
          : ['/etc/systemd/system/', '/usr/lib/systemd/system/'],
      },
    ],
    examples: () => ['/home/user/.config/systemd/user/sync.service', '/etc/systemd/system/sync.service'],
    title: 'Systemd Unit File Written',
    does: "a systemd unit written into a folder systemd starts units from, which runs the intruder's program at boot or logon and restarts it",
    tags: ['attack.persistence', 'attack.t1543.002'],
    falsepositives: ['Packages and administrators installing their own services'],
  },
  {
    id: 'shell-profile',
    products: ['linux', 'macos'],
    names:
      /(?<![\w-])\.(?:bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|profile)\b|\bshell\s+(?:profiles?|startup\s+files?|rc\s+files?|configuration\s+files?)\b|\/etc\/profile\.d\b|\bbash\s+profile\b/i,
    // The startup files by their names, wherever the home folder is; /etc/profile.d by its folder (SigmaHQ's keys).
    selections: (sentences, product): SigmaFieldMap[] => {
      const files = product === 'macos' ? ['/.zshrc', '/.zprofile', '/.bash_profile'] : ['/.bashrc', '/.bash_profile', '/.profile'];
      const extra = ['/.zshrc', '/.zprofile', '/.zshenv', '/.bash_login'].filter(
        (file) => !files.includes(file) && named(sentences, new RegExp(`(?<![\\w-])${file.slice(1).replace('.', '\\.')}\\b`)),
      );
      return [
        { 'TargetFilename|endswith': [...files, ...extra] },
        ...(named(sentences, /\/etc\/profile\.d\b/) ? [{ 'TargetFilename|contains': '/etc/profile.d/' }] : []),
      ];
    },
    examples: (product) => [product === 'macos' ? '/Users/user/.zshrc' : '/home/user/.bashrc', '/etc/profile.d/sync.sh'],
    title: 'Shell Startup File Modified',
    does: "a shell startup file written (~/.bashrc, ~/.profile, ~/.zshrc), which runs the intruder's command at every login or new shell",
    tags: ['attack.persistence', 'attack.t1546.004'],
    falsepositives: ['Users and installers editing their shell configuration'],
  },
  {
    id: 'ssh-authorized-keys',
    products: ['linux', 'macos'],
    names:
      /\bauthorized_keys2?\b|\b(?:add|append|insert|plant|inject|install)\w*\s+(?:(?:an?|the|its|their|his|own|attacker(?:'s)?|public|malicious|rogue|new|hardcoded|hard-coded)\s+){0,3}SSH\s+(?:public\s+)?keys?\b/i,
    selections: () => [{ 'TargetFilename|endswith': '/.ssh/authorized_keys' }],
    examples: (product) => [product === 'macos' ? '/Users/user/.ssh/authorized_keys' : '/root/.ssh/authorized_keys'],
    title: 'SSH Authorized Keys File Modified',
    does: "an account's SSH authorized_keys written, which lets the intruder log in again with their own key",
    tags: ['attack.persistence', 'attack.t1098.004'],
    falsepositives: ['Administrators and provisioning tools installing keys'],
  },
  {
    id: 'ld-so-preload',
    products: ['linux'],
    names: /\bld\.so\.preload\b/i,
    selections: () => [{ TargetFilename: '/etc/ld.so.preload' }],
    examples: () => ['/etc/ld.so.preload'],
    title: 'Preload List /etc/ld.so.preload Written',
    does: '/etc/ld.so.preload written, so every program loads the listed library first, the way user-mode rootkits hide',
    tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.stealth', 'attack.t1574.006'],
    falsepositives: ['Memory allocators or debugging libraries preloaded on purpose'],
  },
  {
    id: 'init-scripts',
    products: ['linux'],
    names: /\brc\.local\b|\binit\.d\b|\b(?:SysV\s+)?init\s+scripts?\b|\brc\s+scripts?\b/i,
    selections: (sentences) => {
      const local = named(sentences, /\brc\.local\b/i);
      const initd = named(sentences, /\binit\.d\b|\binit\s+scripts?\b/i);
      const places = [...(local || !initd ? ['/etc/rc.local'] : []), ...(initd || !local ? ['/etc/init.d/'] : [])];
      return [{ 'TargetFilename|contains': one(places) }];
    },
    examples: () => ['/etc/rc.local', '/etc/init.d/sync'],
    title: 'Boot Script Written In /etc/rc.local Or /etc/init.d',
    does: "a boot script written (/etc/rc.local, a script in /etc/init.d), which runs the intruder's command at every boot",
    tags: ['attack.persistence', 'attack.t1037.004'],
    falsepositives: ['Packages installing their own init scripts'],
  },
  {
    id: 'sudoers',
    products: ['linux', 'macos'],
    names: /\/etc\/sudoers\b|\bsudoers\b/i,
    selections: () => [{ 'TargetFilename|contains': '/etc/sudoers' }],
    examples: () => ['/etc/sudoers.d/sync'],
    title: 'Sudoers Policy File Written',
    does: '/etc/sudoers or a file in /etc/sudoers.d written, which gives an account root, often without a password',
    tags: ['attack.privilege-escalation', 'attack.persistence', 'attack.t1548.003'],
    falsepositives: ['Configuration management granting sudo'],
  },
];

export interface StatedPersistence {
  place: PersistencePlace;
  sentences: string[];
}

// ATT&CK's names of the persistence techniques ("Scheduled Task/Job: Cron"): a mapping table's label or a series' table of
// contents, not a statement that this intrusion wrote the file (the row's own description still counts).
const ATTACK_NAME =
  /\b(?:Create or Modify System Process|Scheduled Task\/Job|Boot or Logon (?:Initialization Scripts|Autostart Execution)|Event Triggered Execution|Account Manipulation|Hijack Execution Flow|Abuse Elevation Control Mechanism)\s*:\s*[\w ,-]+/gi;
// The author or the reader writing the file (a demonstration, an instruction): not the intrusion.
const OUR_WRITE = /\b(?:we|I|you)\s+(?:\w+\s+){0,2}(?:writ\w*|wrote|creat\w*|install\w*|add\w*|append\w*|modif\w*|edit\w*|plac\w*)\b/i;
// The verb just before the place ("installing a crontab entry", "persistence via cron", a quoted `>> ~/.bashrc` or
// `tee -a`) or just after it ("~/.bashrc is modified", "a cron job for persistence"): a verb elsewhere in a long
// sentence is about something else.
const WRITTEN_BEFORE = new RegExp(`${WRITTEN.source}[^.;:|]{0,60}$|(?:>>?|\\btee\\s+(?:-a\\s+)?)\\s*["']?\\S*$`, 'i');
const WRITTEN_AFTER =
  /^[^.;:|]{0,30}?\b(?:(?:is|was|were|are|gets|got|being|been|then)\s+)(?:writ\w*|creat\w*|install\w*|modif\w*|append\w*|edit\w*|overwr\w*|add\w*|plac\w*|replac\w*)|^[^.;:|]{0,30}?\bfor\s+persistence\b/i;

function writtenIn(sentence: string, names: RegExp): boolean {
  const pattern = new RegExp(names.source, 'gi');
  return [...sentence.matchAll(pattern)].some((match) => {
    const index = match.index ?? 0;
    return (
      WRITTEN.test(match[0]) || WRITTEN_BEFORE.test(sentence.slice(0, index)) || WRITTEN_AFTER.test(sentence.slice(index + match[0].length))
    );
  });
}

/** The persistence places the article's prose says the intrusion wrote (read once per text: rules and self-test alike). */
export function statedPersistence(content: string | undefined): StatedPersistence[] {
  if (!content) return [];
  return statedPersistenceOf(content);
}

const statedPersistenceOf = rememberingLast((content: string): StatedPersistence[] => {
  const sentences = proseSentences(content)
    .filter((sentence) => !DEFENDER_VOICE.test(sentence) && !OUR_WRITE.test(sentence))
    .map((sentence) => sentence.replace(ATTACK_NAME, ' '));
  return PERSISTENCE_PLACES.flatMap((place) => {
    const showing = sentences.filter((sentence) => writtenIn(sentence, place.names));
    return showing.length > 0 ? [{ place, sentences: showing }] : [];
  });
});

const productOf = (platform: string): 'linux' | 'macos' | null => (platform === 'linux' || platform === 'macos' ? platform : null);

/** The file-event rules on the persistence an article of Linux or macOS states in prose. */
export function persistenceFileRules(content: string | undefined, platform: string, cited: string): ProseRule[] {
  const product = productOf(platform);
  if (!product) return [];
  return statedPersistence(content)
    .filter(({ place }) => place.products.includes(product))
    .map(({ place, sentences }) => {
      const selections = place.selections(sentences, product);
      return {
        telemetryClass: 'file_event',
        key: `persistence-${place.id}`,
        body: {
          title: place.title,
          description: `Detects ${place.does}, the persistence the intrusion set up, as ${cited}.`,
          logsource: { category: 'file_event', product },
          detection: anyOf(selections),
          tags: place.tags,
          level: 'medium',
          falsepositives: place.falsepositives,
        },
        values: selectionValues(selections),
      };
    });
}

/** The file events the stated persistence would leave, as a Linux or macOS agent records them (the self-test's). */
export function persistenceFileEvents(
  content: string | undefined,
): Array<{ observable: string; platform: 'unix'; event: { EventID: number; TargetFilename: string } }> {
  return statedPersistence(content).flatMap(({ place }) =>
    place.products.flatMap((product) =>
      place.examples(product).map((path) => ({
        observable: `persistence: ${place.id}`,
        platform: 'unix' as const,
        event: { EventID: 11, TargetFilename: path },
      })),
    ),
  );
}
