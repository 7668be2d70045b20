import js from '@eslint/js';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/out/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Our own regular expressions run on crawled pages, feeds, robots.txt and what people type:
    // none may take more than linear time on some input (issue 17). Patterns that people supply
    // run on RE2 instead (shared/src/pattern.ts).
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // A RegExp built at run time could be built from what someone typed: patterns from people
      // go through compilePattern (RE2), and our own are literals the rules above can read.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='RegExp'], CallExpression[callee.name='RegExp']",
          message:
            'Build no RegExp at run time: compile patterns people supply with compilePattern (shared/src/pattern.ts).',
        },
      ],
    },
  },
  {
    // Tests build expressions from their own fixed values.
    files: ['**/*.test.ts', '**/src/test/**', '**/e2e/**', '**/bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests read loosely typed JSON responses.
    files: ['**/*.test.ts', '**/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Command-line scripts talk to the terminal.
    files: ['**/bench/**', 'worker/src/demo/run-demo.ts', 'worker/src/quality/**', 'build/**', 'portal/e2e/serve.ts'],
    rules: { 'no-console': 'off' },
  },
);
