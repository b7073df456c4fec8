import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const apps = ['shell', 'mf-user', 'mf-shop', 'mf-tutorials', 'mf-admin'];

// Import boundaries (STYLE.md §2): no remote imports another remote or the shell, the shell
// imports no remote, and packages never import apps. Shared code travels through packages.
const boundaryZones = [
  ...apps.map((app) => ({
    target: `./${app}`,
    from: apps
      .filter((other) => other !== app)
      .map((other) => `./${other}`)
      .concat('./bff'),
    message: 'Apps share code only through packages/*.',
  })),
  {
    target: './packages',
    from: [...apps, 'bff', 'storybook', 'e2e'].map((app) => `./${app}`),
    message: 'Packages never import apps.',
  },
  { target: './bff', from: apps.map((app) => `./${app}`), message: 'The BFF never imports front-end apps.' },
];

// Chakra components shared through their own entry point, off the first page (see
// packages/build-config/shared-exports.mjs): importing them from the main entry would put them
// back into its chunk, and a build would crash for lack of them in the tree-shaken list.
const chakraOwnEntryImports = {
  name: '@chakra-ui/react',
  importNames: [
    'Dialog',
    'Progress',
    'Toast',
    'Toaster',
    'createToaster',
    'Checkbox',
    'NativeSelect',
    'Switch',
    'Table',
    'Textarea',
  ],
  message: "Import it from its own entry ('@chakra-ui/react/dialog', '/progress', '/toast', '/table'…).",
};

// QUALITY 5: user text is rendered as text. Nothing in the front end may hand a string to the
// browser as markup: React's escape hatch and the DOM's HTML setters are refused outright.
const markupMessage = 'User text is rendered as text (QUALITY 5): no HTML from strings in the front end.';
const noMarkupFromStrings = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: markupMessage },
  { selector: "Property[key.name='dangerouslySetInnerHTML']", message: markupMessage },
  { selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]', message: markupMessage },
  { selector: 'AssignmentExpression[left.property.value=/^(innerHTML|outerHTML)$/]', message: markupMessage },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: markupMessage },
  { selector: "CallExpression[callee.property.name='setHTMLUnsafe']", message: markupMessage },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/storybook-static/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bff/drizzle/**',
      'data/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-restricted-imports': ['error', { paths: [chakraOwnEntryImports] }],
      'import-x/no-cycle': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['bff/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: [...apps.map((app) => `${app}/**/*.{ts,tsx,js,jsx}`), 'packages/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...noMarkupFromStrings] },
  },
  {
    files: [
      'scripts/**',
      'e2e/**',
      '**/*.config.*',
      'packages/build-config/**',
      'bff/bench/**',
      'storybook/.storybook/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
