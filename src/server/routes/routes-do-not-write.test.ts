import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The lint rule that keeps writes out of routes (eslint.config.mjs, docs/decisions/208): a route
 * file that opens a transaction or writes a table is refused, with the rule's message; a route
 * that calls a service is not. Run through the project's own ESLint and configuration.
 */

const root = path.resolve(__dirname, '..', '..', '..');

/** ESLint's findings for `code` as if it were the route file `file`. */
function lintAs(file: string, code: string): { ruleId: string | null; line: number; message: string }[] {
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', file],
      {
        cwd: root,
        input: code,
        encoding: 'utf8',
        // An imagined file: the type checker cannot see it, and the rule under test needs no types.
        env: { ...process.env, LINT_WITHOUT_TYPES: '1' },
      },
    );
  } catch (error) {
    // ESLint exits 1 when it finds an error; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { messages: { ruleId: string | null; line: number; message: string }[] }[])[0].messages;
}

test('a route that writes is refused, however it writes; one that calls a service is not', () => {
  const writes = [
    'export const a = (services: { writeContent(work: () => void): void }) => services.writeContent(() => undefined);',
    'export const b = (db: { transaction(): unknown }) => db.transaction();',
    "export const c = (db: { insertInto(table: string): unknown }) => db.insertInto('users');",
    "export const d = (db: { updateTable(table: string): unknown }) => db.updateTable('users');",
    "export const e = (db: { deleteFrom(table: string): unknown }) => db.deleteFrom('users');",
  ];
  const callsAService = 'export const f = (service: { save(): unknown }) => service.save();';
  // One file, one line each: ESLint starts once (it takes seconds on a busy machine).
  const found = lintAs('src/server/routes/example.ts', [...writes, callsAService].join('\n'));
  expect(found).toEqual(
    writes.map((_, index) =>
      expect.objectContaining({
        ruleId: 'no-restricted-syntax',
        line: index + 1,
        message: expect.stringContaining('A route does not write'),
      }),
    ),
  );
  // Outside routes/, a service writes.
  expect(lintAs('src/server/accounts/example.ts', writes.join('\n'))).toEqual([]);
}, 60_000);
