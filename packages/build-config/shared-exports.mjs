// Every export of a tree-shaken shared library that the shell or any remote (or a library they
// share, like Chakra's use of Emotion) imports. Federation builds each shared library with only
// these exports, the same list in every deployable; a missing name crashes the remote that uses
// it, so `npm run test:unit` checks the list against the sources (shared-exports.test.ts).
export const sharedUsedExports = {
  '@chakra-ui/react': [
    'Box',
    'Button',
    'ChakraProvider',
    'Container',
    'Flex',
    'HStack',
    'Heading',
    'Image',
    'Link',
    'Portal',
    'Skeleton',
    'Stack',
    'Text',
    'Toast',
    'Toaster',
    'createSystem',
    'createToaster',
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
