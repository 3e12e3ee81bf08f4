import type { Technique } from './technique';

/**
 * Steps an article states in prose that a rule keys the way SigmaHQ keys them, but that no quoted command line may
 * key alone: `curl … | sh` is also how installers are run, so the table of command techniques keeps only its
 * suspicious forms (from a bare address, without certificate checks). When the article says the intruder did it
 * ("fetches the script with curl and pipes it to bash"), the step is the intrusion's and the engineer's rule is the
 * plain pair of downloader and shell. Read by prose-techniques.ts only; the table's shape is techniques.ts's.
 */
export const UNIX_PROSE_TECHNIQUES: readonly Technique[] = [
  {
    id: 'fetched-script-piped-to-shell',
    product: 'any',
    programs: [],
    wholeLine: true,
    when: /\b(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh\b/,
    selections: [
      { 'CommandLine|contains': ['curl', 'wget'] },
      { 'CommandLine|contains': ['| bash', '|bash', '| sh', '|sh', '| zsh', '|zsh'] },
    ],
    title: 'Downloaded Script Piped Straight Into A Shell',
    does: 'downloads a script with curl or wget and pipes it straight into a shell (curl … | sh), so the script never lands on disk',
    tags: ['attack.execution', 'attack.t1059.004', 'attack.command-and-control', 'attack.t1105'],
    level: 'medium',
    falsepositives: ['Installers run the same way (curl -fsSL https://… | sh) by administrators and developers'],
  },
];
