// Development builds resolve Chakra's own entries ('@chakra-ui/react/dialog'…) to this module,
// that is to the main entry, which they share whole (see sharedFor in index.mjs).
// eslint-disable-next-line no-restricted-imports -- this module is the development stand-in for the own entries
export * from '@chakra-ui/react';
