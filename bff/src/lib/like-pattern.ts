/**
 * A LIKE / ILIKE pattern matching text that contains `text`: `%`, `_` and `\` typed by an
 * operator are letters, not wildcards (backslash is PostgreSQL's default LIKE escape).
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
