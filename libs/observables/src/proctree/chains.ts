import type { ArticleDocument } from '../text/document';
import type { Image } from './images';
import type { Pair } from './prose';

// Chains whose hops carry their command lines ("explorer.exe → cmd.exe /c start.bat → powershell.exe -nop") and
// pstree output ("systemd(1)───sshd(812)───bash(2212)───curl(2290)"). Bare chains ("a.exe -> b.exe") are read by
// the CHAIN pattern of extract-proctree.

// Spaced arrows only: a bare ">" inside a command line is a redirection.
const SPACED_ARROW = /\s+(?:->|-->|—>|=>|→|⇒|⟶|➔|➜|➝|➞|➡|⇨|↦)\s+/;
// A line that says it shows a lineage: then two hops are enough.
const LINEAGE_WORD = /\b(?:chain|tree|lineage|spawn\w*|parent|child|launch\w*|execution\s+flow)\b/i;
// What comes before the first hop: a list marker, a label ("Process chain:").
const LEAD = /^\s*(?:[-*•]\s+|\d{1,3}[.)]\s+)?(?:[^:\n]{1,60}:\s+)?/;

/** The image a hop starts with (`cmd.exe /c start.bat`, "**mshta.exe** https://…"), or null. */
function hopImage(hop: string, image: (token: string) => Image | null): Image | null {
  const path = /^["']?([A-Za-z]:\\[^"'\n]*?\.exe)\b/i.exec(hop.trim());
  const first = path ? (path[1] as string) : (hop.trim().split(/\s+/)[0] ?? '');
  return image(first.replace(/^(?:\*\*|__)|(?:\*\*|__)$/g, ''));
}

/**
 * A chain of hops written with their arguments. Every hop must start with an image: "certutil -decode a.txt →
 * payload.exe" (a file written) has one hop that does not, or is two hops with no word of lineage, and gives nothing.
 */
export function fromArgumentChains(doc: ArticleDocument, image: (token: string) => Image | null, out: Pair[]): void {
  for (const line of doc.lines) {
    if (!SPACED_ARROW.test(line.text)) continue;
    const lead = LEAD.exec(line.text)?.[0].length ?? 0;
    const hops = line.text.slice(lead).split(SPACED_ARROW);
    const images = hops.map((hop) => hopImage(hop, image));
    if (images.some((i) => !i) || (hops.length < 3 && !LINEAGE_WORD.test(line.text))) continue;
    for (let i = 0; i + 1 < images.length; i++) {
      const [parent, child] = [images[i] as Image, images[i + 1] as Image];
      out.push({ parent: parent.name, child: child.name, start: line.start + lead, end: line.end, confidence: 0.85 });
    }
  }
}

// pstree joins a parent to its child with box-drawing runs ("───", "─┬─", "─+─") or ASCII ones ("---", "-+-").
const PSTREE_JOIN = /[─━]{1,3}[┬┼+]?[─━]{1,3}|-[-+]-/;
const PSTREE_NAME = /^[\w.-]{1,64}(?:\(\d{1,7}\))?$/;

/** The first run of a pstree line: each name is the parent of the next; every name must be an image. */
export function fromPstree(doc: ArticleDocument, image: (token: string) => Image | null, out: Pair[]): void {
  for (const line of doc.lines) {
    // Split, then test each name: one pattern for the whole line backtracks without end on a run of dashes.
    if (!/[─━]|-[-+]-/.test(line.text) || line.text.length > 2000) continue;
    const names = line.text.trim().split(PSTREE_JOIN);
    if (names.length < 2 || !names.every((name) => PSTREE_NAME.test(name))) continue;
    const images = names.map((name) => image(name.replace(/\(\d{1,7}\)$/, '')));
    if (images.some((i) => !i)) continue;
    for (let i = 0; i + 1 < images.length; i++) {
      const [parent, child] = [images[i] as Image, images[i + 1] as Image];
      out.push({ parent: parent.name, child: child.name, start: line.start, end: line.end, confidence: 0.85 });
    }
  }
}
