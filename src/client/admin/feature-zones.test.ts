import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// The project's own ESLint configuration, run on one imagined file at a time: the zones between the admin's
// folders must refuse an import across features or from the kit into a feature, and allow the rest.
const root = path.resolve(__dirname, '../../..');
const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');

type LintMessage = { ruleId: string | null; message: string };

async function lint(file: string, source: string): Promise<LintMessage[]> {
  const run = promisify(execFile)(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', file], {
    cwd: root,
  });
  run.child.stdin?.end(source);
  // ESLint exits with 1 when it reports an error; the report is on stdout either way.
  const { stdout } = await run.catch((failure: { stdout?: string; code?: number }) => {
    if (failure.code !== 1 || !failure.stdout) throw failure;
    return { stdout: failure.stdout };
  });
  const [result] = JSON.parse(stdout) as { messages: LintMessage[] }[];
  return result.messages;
}

const zoneErrors = (messages: LintMessage[]) => messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths');

const probe = (specifier: string) => `import * as probe from '${specifier}';\n\nexport const seen = probe;\n`;

describe("the admin's feature zones", () => {
  jest.setTimeout(60_000);

  it('refuse a feature that imports another feature', async () => {
    const errors = zoneErrors(await lint('src/client/admin/publications/zone-probe.ts', probe('../biographies/biography-list-page')));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('what they share goes to admin/kit or ui/');
    // The same import through the path alias is the same crossing.
    const aliased = zoneErrors(
      await lint('src/client/admin/publications/zone-probe.ts', probe('@/client/admin/biographies/biography-list-page')),
    );
    expect(aliased).toHaveLength(1);
  });

  it('refuse a feature that imports the shell', async () => {
    const errors = zoneErrors(await lint('src/client/admin/history/zone-probe.ts', probe('../admin-routes')));
    expect(errors).toHaveLength(1);
  });

  it('refuse the kit importing a feature', async () => {
    const errors = zoneErrors(await lint('src/client/admin/kit/zone-probe.ts', probe('../sections/section-form-page')));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('the kit depends on no feature');
  });

  it('allow a feature its own files, the kit and ui/, and the shell every feature', async () => {
    const allowed = await Promise.all([
      lint('src/client/admin/publications/zone-probe.ts', probe('./layout-editor/layout-editor-slice')),
      lint('src/client/admin/biographies/zone-probe.ts', probe('../kit/history-panel')),
      lint('src/client/admin/sections/zone-probe.ts', probe('@/client/ui/format-date')),
      lint('src/client/admin/zone-probe.ts', probe('./publications/publication-list-page')),
    ]);
    expect(allowed.map(zoneErrors)).toEqual([[], [], [], []]);
  });
});
