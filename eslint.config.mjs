// One lint config for the whole workspace. Module boundaries (docs/architecture.md, "Projects") are enforced here:
// the depConstraints below are the architecture, so they must never decay to `* -> *`. Inside the web app the
// import zones (docs/architecture.md, "The web app") are: app → features → lib, a feature reaching another only
// through its index.ts, and no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { apiImportZones } from './tools/lint/api-import-zones.mjs';

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

const web = 'apps/web/src';
const features = readdirSync(path.join(import.meta.dirname, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app's import zones, as import-x/no-restricted-paths zones (paths from the workspace root). */
export const webImportZones = [
  { target: `${web}/lib`, from: [`${web}/features`, `${web}/app`], message: 'lib/ is below features and app: move the shared code into lib/.' },
  { target: `${web}/features`, from: `${web}/app`, message: 'features/ are below app/: pass what a feature needs in, or move it into lib/.' },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'Another feature is used only through its index.ts.',
  })),
];

/**
 * A feature's pending work is not a hand-kept flag: an action's is useAsyncAction's `running` (lib/use-async-action.ts),
 * a form's react-hook-form's `isSubmitting` (lib/form-schema.ts). So a `useState` whose setter is named like a busy flag
 * (`setBusy`, `setPending`, `setSaving`, `setPortalPending` …) is an error in apps/web/src/features.
 */
export const busyFlagSetter = /^set([A-Z]\w*)?(Busy|Pending|Loading|Submitting|Saving|Stopping|Creating|Deleting|Removing|Renaming|Sending|Starting|Exporting|Generating)$/;

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
          // API tests' Icecast2 harness as the radio upstream and their Stripe fake as the payment provider; a viewer
          // behind a web-only proxy uses the one the live bench uses.
          allow: ['../../api/src/core/database/embedded-database', '../../api/test/support/icecast', '../../api/test/support/fake-stripe', '../../api/test/support/web-only-proxy'],
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
    // Stripe's SDK lives behind one adapter; the API tests' fake also uses it, to sign events as Stripe does.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/repositories/stripe-gateway.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'stripe', message: 'Only repositories/stripe-gateway.ts talks to Stripe.' }] }] },
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
    // The API's floors (tools/lint/api-import-zones.mjs): features above core/, core/ above repositories/; tests sit
    // above the zones.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.typecheck.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiImportZones }],
    },
  },
  {
    // Tests sit above the zones (they may assemble the app, as testing/ does); only product code is zoned.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: ['**/*.spec.{ts,tsx}', `${web}/testing/**`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webImportZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${web}/features/**/*.{ts,tsx}`],
    // Tests may hold any state.
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `VariableDeclarator[init.callee.name='useState'] > ArrayPattern > Identifier[name=${busyFlagSetter}]`,
          message: 'No busy flag in useState: an action uses useAsyncAction (lib/use-async-action.ts), a form react-hook-form\'s isSubmitting.',
        },
      ],
    },
  },
  {
    // Stories and tests may show literal sample text.
    files: ['**/*.stories.tsx', '**/*.spec.tsx', '**/*.spec.ts'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
);
