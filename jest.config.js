// @ts-check
/** @typedef {import('jest').Config} Config */

// esbuild (the one tsx already installs) strips types quickly; `npm run typecheck` is what checks them.
// es-jest picks the loader by extension (.ts, .tsx, .js, .mjs) and compiles to CommonJS; `import()`
// becomes a `require` too, since Jest runs modules without --experimental-vm-modules.
/** @type {Config['transform']} */
const transform = {
  '^.+\\.(t|m?j)sx?$': ['es-jest', { target: 'es2022', jsx: 'automatic', supported: { 'dynamic-import': false } }],
};

const moduleNameMapper = {
  '^@/(.*)$': '<rootDir>/src/$1',
  '\\.css$': '<rootDir>/test/helpers/style-stub.ts',
};

// Some server dependencies ship ES modules only (kysely, typebox, @fastify/static's content-disposition,
// light-my-request's cookie, sanitize-html's htmlparser2 family); esbuild compiles them to CommonJS
// like our own files, so tests that start a real server can load them.
const transformIgnorePatterns = [
  '/node_modules/(?!(kysely|typebox|content-disposition|cookie|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities)/)',
];

const shared = { transform, transformIgnorePatterns, moduleNameMapper, setupFilesAfterEnv: ['<rootDir>/test/helpers/fail-on-console.ts'] };

// Node's own environment, with fetch keeping idle connections for a second at most, never as long
// as a test server keeps them (test/helpers/short-keep-alive.ts); the client project's jsdom
// environment does the same.
const nodeEnvironment = '<rootDir>/test/helpers/node-environment.ts';

/**
 * API tests in the same setting as the others, but slow enough to get a project of their own
 * ('slow'): real server processes started and stopped over and over, whole backups and restores,
 * and the demo content's 41 images drawn and stored with their variants.
 */
const SLOW_API_FILES = ['test/api/process.test.ts', 'test/api/backup-restore.test.ts', 'test/api/seed.test.ts'];

const apiShared = {
  ...shared,
  testEnvironment: nodeEnvironment,
  // Each file starts a real server on a fresh, migrated database, which on a busy machine can pass Jest's 5 s.
  setupFilesAfterEnv: [...shared.setupFilesAfterEnv, '<rootDir>/test/helpers/api-setup.ts'],
};

/** @type {Config} */
const config = {
  // How long a worker has to end once its last file is done before Jest kills it and says it
  // "failed to exit gracefully". Jest's 500 ms was too short on a busy two-core machine: a worker
  // that had run twenty API files had nothing open any more (only its pipes to Jest; Node's exit
  // event came 1 ms after Jest's request to end), but Node and the kernel then took 0.6 to 1.1 s to
  // tear down its half a gigabyte (load average 10 to 14, 5 December). A worker that something
  // really keeps alive (a timer, a socket, a child process) never ends, and is still reported.
  workerGracefulExitTimeout: 5000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: nodeEnvironment,
      testMatch: ['<rootDir>/src/{domain,server}/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'client',
      // jsdom plus Node's fetch, so RTK Query can reach a real test server.
      testEnvironment: '<rootDir>/test/helpers/jsdom-with-fetch-environment.ts',
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      // The real API for the data-flow tests runs in a Node process of its own (test/helpers/real-api-server.ts).
      globalSetup: '<rootDir>/test/helpers/real-api-global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/real-api-global-teardown.ts',
      setupFilesAfterEnv: [...shared.setupFilesAfterEnv, '<rootDir>/test/helpers/jsdom-setup.ts'],
    },
    {
      ...apiShared,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...SLOW_API_FILES.map((file) => `<rootDir>/${file}$`)],
    },
    {
      ...apiShared,
      // The slowest API files (SLOW_API_FILES): `npm run test:slow`, which `npm test` runs after
      // test:api, so that test:api stays quick to run often.
      displayName: 'slow',
      testMatch: SLOW_API_FILES.map((file) => `<rootDir>/${file}`),
    },
    {
      ...shared,
      // Two real instances behind nginx on PostgreSQL and an S3 store (.ci/run, after the PostgreSQL pass).
      displayName: 'scale-out',
      testEnvironment: nodeEnvironment,
      testMatch: ['<rootDir>/test/scale-out/**/*.test.ts'],
    },
  ],
};

module.exports = config;
