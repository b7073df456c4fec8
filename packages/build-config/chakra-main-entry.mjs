// Development builds resolve Chakra's own entries ('@chakra-ui/react/dialog'…) to this module,
// that is to the main entry, which they share whole (see sharedFor in index.mjs).
export * from '@chakra-ui/react';
