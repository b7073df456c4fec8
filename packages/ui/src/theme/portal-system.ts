import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { portalSystemConfig } from './portal-config.js';
import { portalThemeConfig } from './tokens.js';

export { portalRecipes, portalSlotRecipes, portalSystemConfig } from './portal-config.js';
export { portalThemeConfig };

/** The portal's one Chakra system: the default tokens and conditions, our brand, our recipes. */
export const portalSystem = createSystem(defaultBaseConfig, portalSystemConfig, portalThemeConfig);
