import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// The project's own ESLint configuration, run on imagined files: the zones between the admin's folders must refuse
// an import across features or from the kit into a feature, and allow the rest. ESLint runs in a Node process of
// its own (its configuration is an ES module, which this test environment does not load), once for every case.
const root = path.resolve(__dirname, '../../..');

const probe = (specifier: string) => `import * as probe from '${specifier}';\n\nexport const seen = probe;\n`;

const cases = {
  featureToFeature: ['src/client/admin/publications/zone-probe.ts', '../biographies/biography-list-page'],
  featureToFeatureByAlias: ['src/client/admin/publications/zone-probe.ts', '@/client/admin/biographies/biography-list-page'],
  featureToShell: ['src/client/admin/history/zone-probe.ts', '../admin-routes'],
  kitToFeature: ['src/client/admin/kit/zone-probe.ts', '../sections/section-form-page'],
  featureToItself: ['src/client/admin/publications/zone-probe.ts', './layout-editor/layout-editor-slice'],
  featureToKit: ['src/client/admin/biographies/zone-probe.ts', '../kit/history-panel'],
  featureToUi: ['src/client/admin/sections/zone-probe.ts', '@/client/ui/format-date'],
  shellToFeature: ['src/client/admin/zone-probe.ts', './publications/publication-list-page'],
} as const;
type Case = keyof typeof cases;

const runner = `
const { ESLint } = require('eslint');
const cases = JSON.parse(process.argv[1]);
(async () => {
  const eslint = new ESLint();
  const found = {};
  for (const [name, { file, source }] of Object.entries(cases)) {
    const [result] = await eslint.lintText(source, { filePath: file });
    found[name] = result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  }
  process.stdout.write(JSON.stringify(found));
})().catch((error) => { console.error(error); process.exit(2); });
`;

let zoneErrors: Record<Case, string[]>;

beforeAll(async () => {
  const input = Object.fromEntries(Object.entries(cases).map(([name, [file, specifier]]) => [name, { file, source: probe(specifier) }]));
  // Imagined files: the type checker cannot see them, and the zones need no types.
  const env = { ...process.env, LINT_WITHOUT_TYPES: '1' };
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', runner, JSON.stringify(input)], { cwd: root, env });
  zoneErrors = JSON.parse(stdout) as Record<Case, string[]>;
}, 120_000);

describe("the admin's feature zones", () => {
  it('refuse a feature that imports another feature, also through the @/ alias', () => {
    expect(zoneErrors.featureToFeature).toEqual([expect.stringContaining('what they share goes to admin/kit or ui/')]);
    expect(zoneErrors.featureToFeatureByAlias).toHaveLength(1);
  });

  it('refuse a feature that imports the shell', () => {
    expect(zoneErrors.featureToShell).toHaveLength(1);
  });

  it('refuse the kit importing a feature', () => {
    expect(zoneErrors.kitToFeature).toEqual([expect.stringContaining('the kit depends on no feature')]);
  });

  it('allow a feature its own files, the kit and ui/, and the shell every feature', () => {
    expect([zoneErrors.featureToItself, zoneErrors.featureToKit, zoneErrors.featureToUi, zoneErrors.shellToFeature]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });
});
