// The project's lint: TypeScript and React hook rules, the GraphQL operations' names, and the
// architecture's import boundaries (docs/decisions/009-boundaries.md), so what is public is enforced.
import fs from 'node:fs';
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.readdirSync('web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
/** web/src folders below the features: shared by all, importing none of them. */
const webFloor = ['components', 'lib', 'config', 'theme', 'page-head', 'islands', 'client', 'graphql', 'test'];

const boundaries = [
  // The web app runs in browsers: it never reaches into the server packages.
  { target: './web', from: './gateway', message: 'web never imports the gateway.' },
  { target: './web', from: './schema', message: 'web never imports schema: read data through GraphQL documents.' },
  // The gateway and the scripts reach schema through its front door only.
  {
    target: ['./gateway', './scripts', './bench'],
    from: './schema/src',
    except: ['./index.ts', './testing.ts'],
    message: 'Import schema through schema/src/index.ts (tests: schema/src/testing.ts).',
  },
  {
    target: ['./gateway/src/*.ts', './gateway/src/!(test)/**/!(*.test).ts', './scripts/**/!(*.test).*'],
    from: './schema/src/testing.ts',
    message: 'schema/src/testing.ts is for tests only.',
  },
  // The gateway renders the web app through its server entry, nothing deeper.
  {
    target: ['./gateway', './scripts', './bench'],
    from: './web/src',
    except: ['./entry-server.tsx'],
    message: 'Import the web app through web/src/entry-server.tsx.',
  },
  // schema's lib/ holds leaf helpers: it imports no module and no wiring.
  { target: './schema/src/lib', from: './schema/src/modules', message: 'schema/src/lib holds leaf helpers only.' },
  { target: './schema/src/lib', from: './schema/src/runtime', message: 'schema/src/lib holds leaf helpers only.' },
  // web/src/app is the roof: only the entries import it.
  ...['features', ...webFloor.filter((folder) => folder !== 'test')].map((folder) => ({
    target: `./web/src/${folder}`,
    from: './web/src/app',
    message: 'Nothing imports web/src/app except the entries.',
  })),
  // Shared web code imports no feature; features do not import each other.
  ...webFloor.map((folder) => ({
    target: `./web/src/${folder}`,
    from: './web/src/features',
    message: 'Shared web code imports no feature: move the shared piece down.',
  })),
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move the shared piece into components/ or lib/.',
  })),
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-*/**', 'node_modules/**', '.data/**', 'web/src/graphql/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler rules judge code written for the compiler, which this project does not use.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/purity': 'off',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Input validation rejects control characters on purpose.
      'no-control-regex': 'off',
      // type-graphql's decorator classes are declared and read by reflection.
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
    },
  },
  {
    files: ['web/src/**/*.graphql'],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig: { schema: 'schema/schema.graphql', documents: 'web/src/**/*.graphql' } } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/operations-recommended'].rules,
      // Operations are named after their screen: query HomePage lives in home-page.graphql.
      '@graphql-eslint/match-document-filename': ['error', { fileExtension: '.graphql', query: 'kebab-case' }],
      '@graphql-eslint/naming-convention': [
        'error',
        {
          OperationDefinition: { style: 'PascalCase', forbiddenPrefixes: ['Query', 'Mutation', 'Get'], forbiddenSuffixes: ['Query', 'Mutation'] },
          // Fragments are named after the component that renders them: ArticleCard_article.
          FragmentDefinition: { requiredPattern: /^[A-Z][A-Za-z0-9]*_[a-z][A-Za-z0-9]*$/ },
        },
      ],
      // Codegen's documents keep fragments beside the component that renders them, used from pages.
      '@graphql-eslint/no-one-place-fragments': 'off',
      '@graphql-eslint/require-selections': 'off',
    },
  },
);
