import type { SigmaDetection, SigmaFieldMap, SigmaSearchIdentifier } from '@huntforge/contracts/sigma';
import { originalFileNameOf } from './program-version-info';

/**
 * A Windows process rule written as a detection engineer deploys it (SigmaHQ's layout): the program in a selection
 * of its own, `Image|endswith` OR `OriginalFileName` (a renamed copy keeps the name its version resource gives),
 * the parent in another and what the command line shows in a third, all required:
 *
 *     selection_img:                       selection_parent:                selection_cli:
 *       - Image|endswith: '\certutil.exe'    ParentImage|endswith: …          CommandLine|contains|all: […]
 *       - OriginalFileName: 'CertUtil.exe'
 *     condition: all of selection_*
 *
 * Several command lines of one program (`1 of selection_*`) keep one program selection and one per command line.
 * A detection whose programs the table does not know, or whose selections name different programs, is left as it is.
 */
export function withProgramSelection(detection: SigmaDetection, product: string): SigmaDetection {
  if (product !== 'windows') return detection;
  const { condition, ...blocks } = detection;
  const entries = Object.entries(blocks);
  if (entries.some(([, block]) => !isFieldMap(block))) return detection;
  const maps = entries as Array<[string, SigmaFieldMap]>;
  const withImage = maps.filter(([, block]) => 'Image|endswith' in block);
  if (withImage.length === 0) return detection;
  const first = withImage[0]?.[1] as SigmaFieldMap;
  const program = programSelection(first['Image|endswith']);
  if (!program) return detection;
  const parent = first['ParentImage|endswith'];
  const own = (block: SigmaFieldMap) => rest(block, ['Image|endswith', 'ParentImage|endswith']);
  if (condition === 'selection' && maps.length === 1) return layout(program, parent, [['selection', own(first)]], 'all');
  if (condition === 'all of selection_*') {
    // The technique's other blocks (`comsvcs` and one of `MiniDump`, `#24`) stay required as they were.
    return layout(
      program,
      parent,
      maps.map(([name, block]) => [name, block === first ? own(block) : block]),
      'all',
    );
  }
  if (condition === '1 of selection_*') {
    const same = (block: SigmaFieldMap) =>
      JSON.stringify(block['Image|endswith']) === JSON.stringify(first['Image|endswith']) &&
      JSON.stringify(block['ParentImage|endswith']) === JSON.stringify(parent);
    if (withImage.length !== maps.length || !maps.every(([, block]) => same(block))) return detection;
    return layout(
      program,
      parent,
      maps.map(([name, block]) => [name, own(block)]),
      'any',
    );
  }
  return detection;
}

const isFieldMap = (block: unknown): block is SigmaFieldMap => typeof block === 'object' && block !== null && !Array.isArray(block);

/** The program selection of an `Image|endswith` value: each image, and the original file names the table knows. */
function programSelection(images: SigmaFieldMap[string] | undefined): SigmaSearchIdentifier | null {
  const list = (Array.isArray(images) ? images : [images]).filter((image): image is string => typeof image === 'string');
  if (list.length === 0) return null;
  const names = [...new Set(list.map((image) => originalFileNameOf(image.split(/[\\/]/).pop() ?? image)))];
  // Every image needs its name: a selection where one program is matched by name and another only by path reads as a mistake.
  if (names.some((name) => name === null)) return null;
  const known = names as string[];
  return [
    { 'Image|endswith': list.length === 1 ? (list[0] as string) : list },
    { OriginalFileName: known.length === 1 ? (known[0] as string) : known },
  ];
}

function rest(block: SigmaFieldMap, without: readonly string[]): SigmaFieldMap {
  return Object.fromEntries(Object.entries(block).filter(([key]) => !without.includes(key)));
}

/**
 * The selections in SigmaHQ's order and names: program, parent, then the command line(s). A selection named for what
 * it holds (`selection_verb`, `selection_service`) keeps its name; a numbered one is a command-line selection.
 */
function layout(
  program: SigmaSearchIdentifier,
  parent: SigmaFieldMap[string] | undefined,
  commandLines: Array<[string, SigmaFieldMap]>,
  join: 'all' | 'any',
): SigmaDetection {
  const lines = commandLines.filter(([, block]) => Object.keys(block).length > 0);
  const selections: Record<string, SigmaSearchIdentifier> = { selection_img: program };
  if (parent !== undefined) selections['selection_parent'] = { 'ParentImage|endswith': parent };
  const numbered = (name: string) => /^selection(?:_\d+)?$/.test(name);
  lines.forEach(([name, block], index) => {
    const cli = lines.length === 1 ? 'selection_cli' : `selection_cli_${index + 1}`;
    selections[join === 'all' && !numbered(name) ? name : cli] = block;
  });
  const condition =
    join === 'all' || lines.length === 1
      ? 'all of selection_*'
      : `selection_img${parent !== undefined ? ' and selection_parent' : ''} and 1 of selection_cli_*`;
  return { ...selections, condition } as SigmaDetection;
}
