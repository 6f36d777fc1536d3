import type { CodegenConfig } from '@graphql-codegen/cli';

/** Types every operation of the web app from the committed SDL; output is generated, never edited. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/src/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'web/src/graphql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string', ID: 'string' },
        avoidOptionals: { field: true, inputValue: false, object: true },
      },
    },
  },
};

export default config;
