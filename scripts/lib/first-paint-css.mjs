// The first paint's stylesheet (scripts/first-paint.mjs), thinned to what the drawing uses.

/**
 * The rules without what the drawing cannot use: Chakra's `@layer tokens` declares every token of
 * the theme as a custom property (about a thousand, and again for a dark mode the portal does not
 * have); only those the other rules reference, directly or through another token, are kept, and
 * the dark mode's rule goes. Less CSS for a phone to parse before it shows the page.
 */
export function withUsedTokens(rules) {
  const refs = (text) => [...text.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]);
  const isTokenLayer = (rule) => rule.startsWith('@layer tokens {');
  const tokenRules = rules
    .filter(isTokenLayer)
    .flatMap((rule) => rule.split('\n').slice(1, -1))
    .map((line) => /^\s*([^{}]+?)\s*\{([^{}]*)\}\s*$/.exec(line))
    .filter((match) => match !== null && !/^\.dark\b/.test(match[1]))
    .map((match) => ({
      selector: match[1],
      declarations: match[2]
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean),
    }));
  const nameOf = (declaration) => declaration.slice(0, declaration.indexOf(':')).trim();
  const tokens = new Map(tokenRules.flatMap((r) => r.declarations.map((d) => [nameOf(d), d])));
  const needed = new Set(rules.filter((rule) => !isTokenLayer(rule)).flatMap(refs));
  // Declarations of the token rules that are not tokens (a color scheme) count as used.
  for (const r of tokenRules)
    for (const d of r.declarations) if (!d.startsWith('--')) refs(d).forEach((n) => needed.add(n));
  const pending = [...needed];
  while (pending.length > 0) {
    for (const name of refs(tokens.get(pending.pop()) ?? '')) {
      if (!needed.has(name)) {
        needed.add(name);
        pending.push(name);
      }
    }
  }
  const thinned = tokenRules
    .map((r) => ({ ...r, declarations: r.declarations.filter((d) => !d.startsWith('--') || needed.has(nameOf(d))) }))
    .filter((r) => r.declarations.length > 0)
    .map((r) => `  ${r.selector} { ${r.declarations.join('; ')}; }`);
  const layer = thinned.length === 0 ? [] : [`@layer tokens {\n${thinned.join('\n')}\n}`];
  const first = rules.findIndex(isTokenLayer);
  const others = rules.filter((rule) => !isTokenLayer(rule));
  return first < 0 ? rules : [...others.slice(0, first), ...layer, ...others.slice(first)];
}
