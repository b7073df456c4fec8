// Stories live next to their components in other workspaces, and those cannot resolve the
// `storybook` packages: npm leaves them in storybook/node_modules because this workspace's
// folder has the same name as its `storybook` dependency (npm/cli#4512). Stories import the
// Storybook API from here instead. `storybook/test` is an external of the preview bundle, so
// this adds no second copy of it.
export type { Decorator, Loader, Meta, StoryObj } from 'storybook-react-rsbuild';
export { expect, fn, userEvent, waitFor, within } from 'storybook/test';
