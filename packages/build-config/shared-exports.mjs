// Every export of a tree-shaken shared library that the shell or any remote (or a library they
// share, like Chakra's use of Emotion) imports. Federation builds each shared library with only
// these exports, the same list in every deployable; a missing name crashes the remote that uses
// it, so `npm run test:unit` checks the list against the sources (shared-exports.test.ts).
export const sharedUsedExports = {
  '@chakra-ui/react': [
    'Badge',
    'Box',
    'Button',
    'Card',
    'Center',
    'ChakraProvider',
    'CloseButton',
    'Container',
    'Field',
    'Flex',
    'HStack',
    'Heading',
    'Image',
    'Input',
    'Link',
    'Portal',
    'SimpleGrid',
    'Skeleton',
    'Spinner',
    'Stack',
    'Text',
    'createSystem',
    'defaultBaseConfig',
    'defineConfig',
  ],
  'react-router': [
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'HashRouter',
    'Route',
    'Routes',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
  // Chakra itself imports these from Emotion.
  '@emotion/react': ['Global', 'ThemeContext', 'withEmotionCache'],
};

/**
 * Chakra components shared through their own entry point (`import { Dialog } from
 * '@chakra-ui/react/dialog'`) instead of the tree-shaken main entry, whose one chunk joins every
 * first page. They carry state machines (the dialog's focus trap, dismissable layer and scroll
 * lock, the toast group, the progress bar) that a first page does without, so the code that
 * renders them is lazy (`lazyDialog` and the toast host of @portal/ui, the usage bar of
 * mf-user). Every deployable declares the same list and the shell's copies are used, so they
 * share the internals (the system context) of the main entry's chunk. (Field was measured too:
 * Input uses its internals, so it saved nothing.)
 */
export const chakraOwnEntries = [
  '@chakra-ui/react/dialog',
  '@chakra-ui/react/progress',
  '@chakra-ui/react/toast',
  // The back office's table and form controls (mf-admin only): never on a visitor's page.
  '@chakra-ui/react/checkbox',
  '@chakra-ui/react/native-select',
  '@chakra-ui/react/switch',
  '@chakra-ui/react/table',
  '@chakra-ui/react/textarea',
];
