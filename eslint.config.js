import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  {
    // Components never build queries: only feature api/ modules and the realtime module talk to
    // Supabase, through the one client in src/lib/supabase.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/*/api/**', 'src/lib/**', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@supabase/supabase-js', message: 'Call a feature api/ module instead.' },
            { name: '@/lib/supabase', message: 'Call a feature api/ module instead.' },
          ],
        },
      ],
    },
  },
)
