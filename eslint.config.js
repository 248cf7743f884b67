import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Every folder of src/features is a feature: a new one is inside the boundaries from its start. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const restrict = (paths, groups) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
      patterns: groups.map(([group, message]) => ({ group, message })),
    },
  ],
})

/**
 * The local stack is a package with two public entries, the stack and its test kit; nothing
 * outside it reaches into its files.
 */
const STACK_INTERNALS = [
  ['local-supabase/*', '!local-supabase/testing', '**/packages/local-supabase/**'],
  "Import the stack's public entries: 'local-supabase' or 'local-supabase/testing'.",
]
/** The app ships to browsers: it never imports the stack, the benchmarks or the tests. */
const OUTSIDE_THE_APP = [
  ['local-supabase', 'local-supabase/testing', '**/bench/**', '**/tests/**', '**/scripts/**'],
  'The app does not import the local stack, benchmarks, tests or scripts.',
]
const NO_APP_SHELL = [['@/app/*', '**/app/*'], 'Only src/app composes features into screens.']
const NO_FEATURES = [['@/features/*'], 'Shared code does not depend on a feature.']
/**
 * The record is scored in one place: everything outside the handicap feature reads its
 * derived store, so no screen can score it with other settings than the HCP screen's.
 */
const NO_SCORE_RECORD = [
  ['@/features/handicap/lib/score-record', '**/handicap/lib/score-record'],
  'Read the handicap store (src/app/handicap.ts); only the handicap feature scores the record.',
]
/** Components never build queries: only feature api/ modules and src/lib talk to Supabase. */
const NO_SUPABASE = [
  { name: '@supabase/supabase-js', message: 'Call a feature api/ module instead.' },
  { name: '@/lib/supabase', message: 'Call a feature api/ module instead.' },
]
const TESTS = ['src/**/*.test.{ts,tsx}']

/**
 * One `no-restricted-imports` per zone (a later flat-config entry replaces the rule, it does not
 * merge), so each zone lists every boundary that applies to it.
 */
function importBoundaries() {
  const app = [STACK_INTERNALS, OUTSIDE_THE_APP]
  return [
    {
      files: ['**/*.{ts,tsx,js}'],
      ignores: ['packages/local-supabase/**', 'vitest.config.ts', 'src/**'],
      rules: restrict([], [STACK_INTERNALS]),
    },
    {
      // The package is generic: it knows nothing of the application that uses it.
      files: ['packages/local-supabase/**/*.{ts,tsx,js}'],
      rules: restrict([], [[['../../../*', '@/*'], 'The stack package does not import the app.']]),
    },
    ...FEATURES.flatMap((feature) => {
      const otherFeatures = [
        ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
        'A feature does not import another feature; move what both need to shared code.',
      ]
      const groups = [
        ...app,
        NO_APP_SHELL,
        otherFeatures,
        ...(feature === 'handicap' ? [] : [NO_SCORE_RECORD]),
      ]
      return [
        {
          files: [`src/features/${feature}/**/*.{ts,tsx}`],
          ignores: [`src/features/${feature}/api/**`, ...TESTS],
          rules: restrict(NO_SUPABASE, groups),
        },
        {
          files: [
            `src/features/${feature}/api/**/*.{ts,tsx}`,
            `src/features/${feature}/**/*.test.{ts,tsx}`,
          ],
          rules: restrict([], groups),
        },
      ]
    }),
    {
      files: ['src/{components,stores,config}/**/*.{ts,tsx}'],
      ignores: TESTS,
      rules: restrict(NO_SUPABASE, [...app, NO_APP_SHELL, NO_FEATURES, NO_SCORE_RECORD]),
    },
    {
      files: ['src/lib/**/*.{ts,tsx}', 'src/{components,stores,config}/**/*.test.{ts,tsx}'],
      rules: restrict([], [...app, NO_APP_SHELL, NO_FEATURES, NO_SCORE_RECORD]),
    },
    {
      files: ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
      ignores: TESTS,
      rules: restrict(NO_SUPABASE, [...app, NO_SCORE_RECORD]),
    },
    {
      files: ['src/app/**/*.test.{ts,tsx}', 'src/testing/**/*.{ts,tsx}'],
      rules: restrict([], [...app, NO_SCORE_RECORD]),
    },
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e*',
      'node_modules',
      '.local',
      'src/lib/database.types.ts',
      'test-results',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...importBoundaries(),
)
