/**
 * A case-insensitive substring match for `ILIKE`: the text with its own `%`, `_` and `\` escaped (the
 * default escape character), between wildcards, the way Prisma's `contains` writes it.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
