/**
 * Import cycles, type imports included: ESLint's import-x/no-cycle skips `import type`, and a
 * cycle through types still ties two modules' meanings together. Run by `npm run check:cycles`
 * (part of `npm test`); the layering rules stay in eslint.config.mjs.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other, directly or through others, types included.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are dependencies too (they are what this check adds to ESLint's).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
