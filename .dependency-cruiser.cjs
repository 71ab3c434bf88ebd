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
    {
      name: 'no-route-to-route',
      severity: 'error',
      comment:
        'A route file declares its schemas, calls a service and shapes the answer; what two routes share lives in content/ (write rules) or http/ (request handling), never in another route file.',
      from: { path: '^src/server/routes/([^/.]+)(\\.test)?\\.ts$' },
      to: { path: '^src/server/routes/', pathNot: '^src/server/routes/$1\\.ts$' },
    },
    {
      name: 'no-content-to-routes',
      severity: 'error',
      comment: 'The write services are called by routes, bulk actions, CLIs and jobs alike: they never depend on a route.',
      from: { path: '^src/server/content/' },
      to: { path: '^src/server/routes/' },
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
