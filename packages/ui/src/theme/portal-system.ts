import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { portalSystemConfig } from './portal-config.js';
import { portalThemeConfig } from './tokens.js';

export { portalRecipes, portalSlotRecipes, portalSystemConfig } from './portal-config.js';
export { portalThemeConfig };

let system: SystemContext | undefined;

/**
 * The portal's one Chakra system: the default tokens and conditions, our brand, our recipes. Made
 * on first use, not when the module loads: it takes about a quarter of a second on a slow phone,
 * and the shell makes it in a task of its own between evaluating its modules and rendering
 * (issue 29), instead of inside the one long task of the modules' evaluation.
 */
export function portalSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, portalSystemConfig, portalThemeConfig);
  return system;
}
