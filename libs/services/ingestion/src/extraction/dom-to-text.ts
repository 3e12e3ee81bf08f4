/**
 * DOM → plain text that keeps what hunters need: code blocks stay verbatim (fenced with ```), inline
 * code keeps its exact characters, line breaks inside <pre> survive (including <br>), and block
 * elements become line breaks so command lines never run into the next paragraph.
 */

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'button', 'select']);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

interface MinimalNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<MinimalNode>;
}

/** The text of a <pre>, exactly: text nodes as they are, <br> as a newline. */
function preformattedText(node: MinimalNode): string {
  if (node.nodeType === TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== ELEMENT_NODE) return '';
  if (node.nodeName === 'BR') return '\n';
  let out = '';
  for (let i = 0; i < node.childNodes.length; i++) out += preformattedText(node.childNodes[i]);
  return out;
}

class TextBuilder {
  private parts: string[] = [];
  private pendingSpace = false;

  text(value: string): void {
    const collapsed = value.replace(/\s+/g, ' ');
    if (collapsed === '') return;
    if (collapsed.startsWith(' ')) this.pendingSpace = true;
    const trimmed = collapsed.trim();
    if (trimmed === '') return;
    if (this.pendingSpace && !this.atLineStart()) this.parts.push(' ');
    this.parts.push(trimmed);
    this.pendingSpace = collapsed.endsWith(' ');
  }

  raw(value: string): void {
    this.parts.push(value);
    this.pendingSpace = false;
  }

  /** Inline verbatim text (code): separated from preceding text only where the HTML had whitespace. */
  inline(value: string): void {
    if (this.pendingSpace && !this.atLineStart()) this.parts.push(' ');
    this.raw(value);
  }

  lineBreak(count = 1): void {
    this.pendingSpace = false;
    let existing = 0;
    for (let i = this.parts.length - 1; i >= 0 && existing < count; i--) {
      const part = this.parts[i];
      if (part === '\n') existing++;
      else break;
    }
    if (this.parts.length === 0) return;
    for (let i = existing; i < count; i++) this.parts.push('\n');
  }

  private atLineStart(): boolean {
    return this.parts.length === 0 || this.parts[this.parts.length - 1] === '\n';
  }

  toString(): string {
    return this.parts
      .join('')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}

function walk(node: MinimalNode, out: TextBuilder): void {
  if (node.nodeType === TEXT_NODE) {
    out.text(node.textContent ?? '');
    return;
  }
  if (node.nodeType !== ELEMENT_NODE) return;
  const tag = node.nodeName.toLowerCase();
  if (SKIP_TAGS.has(tag)) return;
  if (tag === 'pre') {
    const code = preformattedText(node).replace(/^\n+|\s+$/g, '');
    out.lineBreak(2);
    out.raw(`\`\`\`\n${code}\n\`\`\``);
    out.lineBreak(2);
    return;
  }
  if (tag === 'code' || tag === 'kbd' || tag === 'samp') {
    // Inline code: exact characters (runs of spaces included), only line breaks folded.
    const code = preformattedText(node)
      .replace(/\s*\n\s*/g, ' ')
      .trim();
    if (code !== '') out.inline(`\`${code}\``);
    return;
  }
  if (tag === 'br') {
    out.lineBreak(1);
    return;
  }
  if (tag === 'td' || tag === 'th') {
    out.text(' ');
    for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i], out);
    out.text(' | ');
    return;
  }
  const block = BLOCK_TAGS.has(tag);
  if (block) out.lineBreak(tag === 'li' || tag === 'tr' || tag === 'dt' || tag === 'dd' ? 1 : 2);
  if (tag === 'li') out.raw('- ');
  for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i], out);
  if (block) out.lineBreak(tag === 'li' || tag === 'tr' || tag === 'dt' || tag === 'dd' ? 1 : 2);
}

export function domToText(root: MinimalNode): string {
  const out = new TextBuilder();
  walk(root, out);
  return out.toString();
}
