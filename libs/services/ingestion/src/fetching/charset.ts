import iconv from 'iconv-lite';
import { FetchError } from './fetch-errors';

/** The charset parameter of a Content-Type header, lower case, or undefined. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

function bomCharset(body: Buffer): { charset: string; skip: number } | undefined {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { charset: 'utf-8', skip: 3 };
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return { charset: 'utf-16le', skip: 2 };
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return { charset: 'utf-16be', skip: 2 };
  return undefined;
}

/** `<?xml encoding="…"?>` or `<meta charset>` / `<meta http-equiv content="…charset=…">` near the start. */
function declaredCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1');
  const xml = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1].toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return meta?.[1]?.toLowerCase();
}

const UTF8_NAMES = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/**
 * Decodes a fetched body: BOM first, then the Content-Type charset, then the document's own
 * declaration, else UTF-8. A charset nobody knows, or UTF-8 that is mostly not UTF-8, is a `decode`
 * error rather than silently garbled text.
 */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const bom = bomCharset(body);
  const charset = bom?.charset ?? charsetOf(contentType) ?? declaredCharset(body) ?? 'utf-8';
  const bytes = bom ? body.subarray(bom.skip) : body;
  if (UTF8_NAMES.has(charset)) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    checkPlausibleText(text, charset);
    return text;
  }
  if (!iconv.encodingExists(charset)) throw new FetchError('decode', `unsupported charset "${charset}"`);
  const text = iconv.decode(bytes, charset);
  checkPlausibleText(text, charset);
  return text;
}

function checkPlausibleText(text: string, charset: string): void {
  let replacements = 0;
  let nulls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xfffd) replacements++;
    else if (code === 0) nulls++;
  }
  // A stray bad byte happens; a body full of them (or of NULs: UTF-16 read as UTF-8) is the wrong encoding.
  if (nulls > 0 || replacements > Math.max(8, text.length * 0.01)) {
    throw new FetchError('decode', `body is not valid ${charset} (wrong encoding: ${replacements} undecodable characters, ${nulls} NUL)`);
  }
}
