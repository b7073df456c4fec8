/** The captured rules with Chakra's token layer thinned to the tokens the other rules use (no dark mode). */
export function withUsedTokens(rules: string[]): string[];
