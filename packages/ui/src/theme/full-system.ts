import { createSystem, defaultConfig } from '@chakra-ui/react';
import { portalThemeConfig } from './tokens.js';

/** The complete Chakra system: every recipe of the preset plus the portal's tokens. */
export const fullSystem = createSystem(defaultConfig, portalThemeConfig);
