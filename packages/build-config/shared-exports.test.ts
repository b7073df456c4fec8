import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '@chakra-ui/react';
import { chakraOwnEntries, sharedUsedExports } from './shared-exports.mjs';
import { portalRecipes, portalSlotRecipes } from '../ui/src/theme/portal-system.js';

const root = path.resolve(__dirname, '../..');
const sourceDirs = [
  'shell/src',
  'mf-user/src',
  'mf-shop/src',
  'mf-tutorials/src',
  'mf-admin/src',
  'packages/ui/src',
  'packages/platform/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [full] : [];
  });
}

function allSources(dirs = sourceDirs): { file: string; text: string }[] {
  return dirs.flatMap((dir) =>
    sourceFiles(path.join(root, dir)).map((file) => ({ file, text: readFileSync(file, 'utf8') })),
  );
}

/** Named value imports (not `import type`) of a module across the federated sources. */
function importedNames(moduleName: string, dirs = sourceDirs): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s+(?!type\\b)\\{([^}]+)\\}\\s+from\\s+'${moduleName}'`, 'g');
  for (const { text } of allSources(dirs)) {
    for (const match of text.matchAll(pattern)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().replace(/\s+as\s+.*/, '');
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

describe('tree-shaken shared libraries', () => {
  for (const [library, listed] of Object.entries(sharedUsedExports)) {
    if (library === '@emotion/react') continue; // used by Chakra, not by our sources
    it(`lists every export of ${library} that the portal imports`, () => {
      const missing = [...importedNames(library)].filter((name) => !listed.includes(name));
      expect(missing, `add these to packages/build-config/shared-exports.mjs`).toEqual([]);
    });
  }

  it('imports Chakra subpaths only where they are shared (a private copy would lack the provider)', () => {
    const undeclared = allSources().flatMap(({ file, text }) =>
      [...text.matchAll(/from '(@chakra-ui\/react\/[^']+)'/g)]
        .map((match) => match[1]!)
        .filter((entry) => !chakraOwnEntries.includes(entry))
        .map((entry) => `${path.relative(root, file)}: ${entry}`),
    );
    expect(undeclared, 'add the entry to chakraOwnEntries in shared-exports.mjs').toEqual([]);
  });

  /** Recipe keys of the Chakra components imported in `dirs` that `recipes` lacks. */
  function componentsWithoutRecipe(dirs: string[], recipes: Set<string>): string[] {
    const fullRecipes = new Set(Object.keys(defaultConfig.theme?.recipes ?? {}));
    const fullSlotRecipes = new Set(Object.keys(defaultConfig.theme?.slotRecipes ?? {}));
    const used = ['@chakra-ui/react', ...chakraOwnEntries].flatMap((entry) => [...importedNames(entry, dirs)]);
    return used
      .map((name) => name.charAt(0).toLowerCase() + name.slice(1))
      .filter((key) => (fullRecipes.has(key) || fullSlotRecipes.has(key)) && !recipes.has(key));
  }
  const portalRecipeKeys = new Set([...Object.keys(portalRecipes), ...Object.keys(portalSlotRecipes)]);

  it('gives every Chakra component the portal uses its recipe in the portal system', () => {
    const missing = componentsWithoutRecipe(
      sourceDirs.filter((dir) => dir !== 'mf-admin/src'),
      portalRecipeKeys,
    );
    expect(missing, 'add these recipes to packages/ui/src/theme/portal-config.ts').toEqual([]);
  });

  it('gives every Chakra component of the back office its recipe in the portal or the admin system', () => {
    // mf-admin renders inside its own system (src/app/admin-system.ts): the portal's recipes
    // plus the recipe modules that file imports, so the first page's system stays small.
    const adminSystem = readFileSync(path.join(root, 'mf-admin/src/app/admin-system.ts'), 'utf8');
    const adminRecipeKeys = [...adminSystem.matchAll(/from '@chakra-ui\/theme-parts\/recipes\/([a-z-]+)\.js'/g)].map(
      (match) => match[1]!.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
    );
    const missing = componentsWithoutRecipe(['mf-admin/src'], new Set([...portalRecipeKeys, ...adminRecipeKeys]));
    expect(missing, 'import these recipes in mf-admin/src/app/admin-system.ts').toEqual([]);
  });
});
