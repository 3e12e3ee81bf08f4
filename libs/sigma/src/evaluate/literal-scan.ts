/**
 * Many literals found in one pass over a text (Aho-Corasick, compiled to a table of transitions):
 * the cost of a scan is one table step per character, however many literals there are. Literals are
 * lower case; texts are folded as they are scanned (ASCII in the class table, without a lower-cased
 * copy; a text with other characters is scanned again as `toLowerCase()` writes it).
 */
export class LiteralScanner {
  private readonly classes: Uint8Array;
  private readonly width: number;
  private readonly next: Int32Array | Uint16Array;
  /** Per state, the range of `outputs` holding the literals that end there. */
  private readonly outputStart: Int32Array;
  private readonly outputs: Int32Array;
  /** States from this one on are where literals end. */
  private readonly firstOutput: number;

  constructor(literals: readonly string[]) {
    const classOf = new Map<number, number>();
    for (const literal of literals) {
      for (let i = 0; i < literal.length; i++) {
        const key = keyOf(literal.charCodeAt(i));
        if (!classOf.has(key)) classOf.set(key, classOf.size + 1);
      }
    }
    this.width = classOf.size + 1;
    // ASCII capitals share their lower-case letter's class; the other characters fall in eight classes by code.
    this.classes = new Uint8Array(136);
    for (let code = 0; code < 128; code++) this.classes[code] = classOf.get(code >= 65 && code <= 90 ? code + 32 : code) ?? 0;
    for (let index = 0; index < 8; index++) this.classes[128 + index] = classOf.get(128 + index) ?? 0;

    // The trie, state 0 the root; goto holds -1 where the trie has no edge. It has at most one state
    // per literal character: allocated once (growing a large typed array step by step cost more than the rest).
    const most = 1 + literals.reduce((sum, literal) => sum + literal.length, 0);
    const goto = new Int32Array(most * this.width).fill(-1);
    const ends: number[][] = [];
    const addState = (): number => ends.push([]) - 1;
    addState();
    literals.forEach((literal, id) => {
      let state = 0;
      for (let i = 0; i < literal.length; i++) {
        const slot = state * this.width + (this.classes[keyOf(literal.charCodeAt(i))] as number);
        if (goto[slot] === -1) {
          const child = addState(); // may grow `goto`: assign after
          goto[slot] = child;
        }
        state = goto[slot] as number;
      }
      (ends[state] as number[]).push(id);
    });

    // Breadth first: each state's failure link, its outputs merged with its failure's, and the
    // missing edges filled from the failure's, so a scan never follows a failure link.
    const states = ends.length;
    const next = states < 65536 ? new Uint16Array(states * this.width) : new Int32Array(states * this.width);
    const fail = new Int32Array(states);
    const queue: number[] = [];
    for (let c = 0; c < this.width; c++) {
      const child = goto[c] as number;
      next[c] = child === -1 ? 0 : child;
      if (child > 0) queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      const failure = fail[state] as number;
      for (let c = 0; c < this.width; c++) {
        const child = goto[state * this.width + c] as number;
        if (child === -1) next[state * this.width + c] = next[failure * this.width + c] as number;
        else {
          next[state * this.width + c] = child;
          fail[child] = c === 0 ? 0 : (next[failure * this.width + c] as number);
          queue.push(child);
        }
      }
      const inherited = ends[fail[state] as number] as number[];
      if (inherited.length > 0) ends[state] = [...(ends[state] as number[]), ...inherited];
    }
    // Renumbered so that the states where literals end come last: a scan looks at the outputs only
    // past `firstOutput`, one memory access per character instead of two.
    const order = [
      0,
      ...ends.flatMap((list, state) => (state > 0 && list.length === 0 ? [state] : [])),
      ...ends.flatMap((list, state) => (state > 0 && list.length > 0 ? [state] : [])),
    ];
    const renamed = new Int32Array(states);
    order.forEach((state, id) => (renamed[state] = id));
    this.firstOutput =
      (ends[0] as number[]).length > 0 ? 0 : order.length - ends.filter((list, state) => state > 0 && list.length > 0).length;
    const table = states < 65536 ? new Uint16Array(states * this.width) : new Int32Array(states * this.width);
    for (let state = 0; state < states; state++) {
      const from = state * this.width;
      const to = (renamed[state] as number) * this.width;
      for (let c = 0; c < this.width; c++) table[to + c] = renamed[next[from + c] as number] as number;
    }
    this.next = table;
    this.outputStart = new Int32Array(states + 1);
    const flat: number[] = [];
    order.forEach((state, id) => {
      this.outputStart[id] = flat.length;
      flat.push(...(ends[state] as number[]));
    });
    this.outputStart[states] = flat.length;
    this.outputs = Int32Array.from(flat);
  }

  /** Calls `found` with the id (index in the constructor's list) of each literal occurring in `text`, case-insensitively, at least once. */
  scan(text: string, found: (id: number) => void): void {
    if (!this.scanAscii(text, found)) this.scanLowered(text.toLowerCase(), found);
  }

  /** Scans a text of ASCII characters (folding capitals); false, having stopped, at any other character. */
  private scanAscii(text: string, found: (id: number) => void): boolean {
    const { classes, next, width, outputStart, outputs, firstOutput } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 128) return false;
      state = next[state * width + (classes[code] as number)] as number;
      if (state < firstOutput) continue;
      const start = outputStart[state] as number;
      const end = outputStart[state + 1] as number;
      for (let k = start; k < end; k++) found(outputs[k] as number);
    }
    return true;
  }

  private scanLowered(text: string, found: (id: number) => void): void {
    const { classes, next, width, outputStart, outputs, firstOutput } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      state = next[state * width + (classes[code < 128 ? code : 128 + (code % 8)] as number)] as number;
      if (state < firstOutput) continue;
      const start = outputStart[state] as number;
      const end = outputStart[state + 1] as number;
      for (let k = start; k < end; k++) found(outputs[k] as number);
    }
  }
}

function keyOf(code: number): number {
  return code < 128 ? code : 128 + (code % 8);
}
