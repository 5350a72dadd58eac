// One lint config for the whole workspace. Module boundaries (DESIGN.md section 1) are enforced here:
// the depConstraints below are the architecture, so they must never decay to `* -> *`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import path from 'node:path';

/** File names in web code are kebab-case (`station-card.tsx`, `use-auth.ts`). */
const kebabCaseFilenames = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename).replace(/(\.[a-z0-9]+)+$/i, '');
    return {
      Program(node) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

export const depConstraints = [
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'type:engine', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:data'], notDependOnLibsWithTags: ['client:http'] },
  { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:ui', 'type:data', 'type:engine'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:data'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/tmp/**', '**/.nx/**', '**/storybook-static/**', '**/test-results/**',
      '**/playwright-report/**', '**/coverage/**', '.data/**', 'libs/api-client/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The code of the projects (tooling and config files may reach across the workspace).
    files: ['{apps,libs}/*/src/**/*.{ts,tsx}', 'apps/api/test/**/*.ts', 'apps/web-e2e/{src,support}/**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The e2e harness runs the product on the API's own embedded-database launcher, with the
          // API tests' Icecast2 harness as the radio upstream.
          allow: ['../../api/src/core/database/embedded-database', '../../api/test/support/icecast'],
          depConstraints,
          banTransitiveDependencies: false,
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // NestJS needs runtime imports of the classes it injects (decorator metadata).
    files: ['apps/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, house: { rules: { 'kebab-case-filenames': kebabCaseFilenames } } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
      'react/no-unknown-property': ['error', { ignore: ['css'] }],
      // Every visible string comes from libs/i18n.
      'react/jsx-no-literals': ['error', { noStrings: true, ignoreProps: true, allowedStrings: ['©', '·', '/', '|', '—', '–', '→', '×', ':', '%'] }],
      'house/kebab-case-filenames': 'error',
    },
  },
  {
    // Stories and tests may show literal sample text.
    files: ['**/*.stories.tsx', '**/*.spec.tsx', '**/*.spec.ts'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
);
