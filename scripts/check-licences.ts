/**
 * Every package the product runs with must have a licence that lets it ship under
 * GPL-3.0-or-later (LICENSE; docs/decisions/091-licence-policy.md).
 *
 * Reads package-lock.json: the runtime tree is every entry not marked `dev` (dependencies,
 * transitively, with the optional platform binaries of every platform, because any of them
 * may be the one installed). Each `license` is parsed as an SPDX expression: `OR` is fine
 * when one side fits, `AND` when every part fits, `WITH` is judged by its licence (an
 * exception only adds permissions). Anything unknown or incompatible fails with a message
 * that names the package and the way out.
 *
 *   npm run check:licences               check, and check that docs/licences.md is current
 *   npm run check:licences -- --write    check, then rewrite docs/licences.md
 *
 * Versions are left out of docs/licences.md on purpose: a version bump that keeps the
 * licence changes nothing there.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import parseSpdx from 'spdx-expression-parse';

/** spdx-expression-parse's tree. */
type SpdxNode = { license: string; plus?: true; exception?: string } | { left: SpdxNode; conjunction: 'and' | 'or'; right: SpdxNode };
type LegacyLicence = string | { type?: string };
type LockedPackage = {
  version?: string;
  license?: LegacyLicence | LegacyLicence[];
  dev?: boolean;
  link?: boolean;
};

const root = path.resolve(__dirname, '..');
const reportPath = path.join(root, 'docs', 'licences.md');
const projectLicence = 'GPL-3.0-or-later';

/** How a licence sits with GPL-3.0-or-later, from the most to the least free. */
const classes = ['permissive', 'weak copyleft', 'copyleft'] as const;
type LicenceClass = (typeof classes)[number];

/**
 * Licences known to fit GPL-3.0-or-later (the FSF's list of GPLv3-compatible licences),
 * by SPDX id in its current form (see `normalise`).
 */
const compatible: Record<string, LicenceClass> = {
  '0BSD': 'permissive',
  'Apache-2.0': 'permissive',
  'Artistic-2.0': 'permissive',
  'BlueOak-1.0.0': 'permissive',
  'BSD-2-Clause': 'permissive',
  'BSD-3-Clause': 'permissive',
  'BSL-1.0': 'permissive',
  'CC-BY-4.0': 'permissive',
  'CC0-1.0': 'permissive',
  ISC: 'permissive',
  MIT: 'permissive',
  'MIT-0': 'permissive',
  'Python-2.0': 'permissive',
  Unlicense: 'permissive',
  WTFPL: 'permissive',
  X11: 'permissive',
  Zlib: 'permissive',
  'LGPL-2.1-only': 'weak copyleft',
  'LGPL-2.1-or-later': 'weak copyleft',
  'LGPL-3.0-only': 'weak copyleft',
  'LGPL-3.0-or-later': 'weak copyleft',
  'MPL-2.0': 'weak copyleft',
  'GPL-2.0-or-later': 'copyleft',
  'GPL-3.0-only': 'copyleft',
  'GPL-3.0-or-later': 'copyleft',
};

/** Licences known not to fit, with the reason a reader needs. */
const incompatible: Record<string, string> = {
  'GPL-2.0-only': 'GPL version 2 only cannot be combined with GPL version 3',
  'AGPL-3.0-only': 'AGPL adds a network-use clause the product does not accept without a decision',
  'AGPL-3.0-or-later': 'AGPL adds a network-use clause the product does not accept without a decision',
  'SSPL-1.0': 'the SSPL is not an open-source licence and is incompatible with the GPL',
  'BUSL-1.1': 'the Business Source License restricts use and is incompatible with the GPL',
  'CDDL-1.0': 'the CDDL is incompatible with the GPL',
  'CDDL-1.1': 'the CDDL is incompatible with the GPL',
  'EPL-1.0': 'the EPL 1.0 is incompatible with the GPL',
  'MPL-2.0-no-copyleft-exception': 'MPL 2.0 without its GPL compatibility clause',
  'MPL-1.1': 'the MPL 1.1 is incompatible with the GPL',
};

/**
 * Packages whose `license` field is not an SPDX expression, as read in their licence
 * files. Each reading holds for the declared text and the versions given; a new major
 * version or a changed field fails the check until someone reads the licence again.
 */
const readByHand: Record<string, { declared: string; versions: string; licence: string; reading: string }> = {
  tinymce: {
    declared: 'SEE LICENSE IN license.md',
    versions: '^8',
    licence: 'GPL-2.0-or-later',
    reading: 'license.md: the GNU GPL version 2 or later, or a commercial licence from Tiny; the product takes the GPL',
  },
};

/** The current SPDX id for deprecated forms: GPL-2.0 is GPL-2.0-only, GPL-2.0+ is GPL-2.0-or-later. */
function normalise(id: string, plus: boolean): string {
  const family = /^(A?GPL|LGPL)-\d\.\d(-only|-or-later)?$/.exec(id);
  if (!family) return id;
  const base = id.replace(/-(only|or-later)$/, '');
  return plus || id.endsWith('-or-later') ? `${base}-or-later` : `${base}-only`;
}

type Verdict = { ok: true; licenceClass: LicenceClass } | { ok: false; problems: string[] };

function judgeNode(node: SpdxNode): Verdict {
  if ('license' in node) {
    const id = normalise(node.license, node.plus === true);
    if (compatible[id]) return { ok: true, licenceClass: compatible[id] };
    if (incompatible[id]) return { ok: false, problems: [`${id}: ${incompatible[id]}`] };
    return { ok: false, problems: [`${id}: not a licence known to fit ${projectLicence}`] };
  }
  const left = judgeNode(node.left);
  const right = judgeNode(node.right);
  if (node.conjunction === 'or') {
    // Either side may be chosen: the freer one that fits.
    const fitting = [left, right].filter((v) => v.ok);
    if (!fitting.length) return { ok: false, problems: [...(!left.ok ? left.problems : []), ...(!right.ok ? right.problems : [])] };
    return { ok: true, licenceClass: freest(fitting.map((v) => v.licenceClass)) };
  }
  // Both apply at once: the stricter one sets the obligations.
  if (left.ok && right.ok) return { ok: true, licenceClass: strictest([left.licenceClass, right.licenceClass]) };
  return { ok: false, problems: [...(!left.ok ? left.problems : []), ...(!right.ok ? right.problems : [])] };
}

const freest = (found: LicenceClass[]) => classes[Math.min(...found.map((c) => classes.indexOf(c)))];
const strictest = (found: LicenceClass[]) => classes[Math.max(...found.map((c) => classes.indexOf(c)))];

/** Judges one SPDX expression against GPL-3.0-or-later. */
export function judge(expression: string): Verdict {
  let tree: SpdxNode;
  try {
    tree = parseSpdx(expression) as SpdxNode;
  } catch {
    return { ok: false, problems: [`"${expression}" is not an SPDX licence expression`] };
  }
  return judgeNode(tree);
}

/**
 * The licence as one expression, whatever form the package wrote: a string, the old
 * `{type}` object, or an array of either (the old `licenses` list, read as a choice).
 */
export function declaredExpression(licence: LockedPackage['license']): string | null {
  const one = (l: LegacyLicence) => (typeof l === 'string' ? l : typeof l?.type === 'string' ? l.type : null);
  if (licence === undefined || licence === null) return null;
  if (!Array.isArray(licence)) return one(licence)?.trim() || null;
  const parts = licence.map(one).filter((p): p is string => !!p?.trim());
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0] : parts.map((p) => (/\s/.test(p) ? `(${p})` : p)).join(' OR ');
}

type RuntimePackage = { name: string; version: string; declared: string | null; direct: boolean };

function packageName(where: string): string {
  return where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

function runtimePackages(): RuntimePackage[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages?: Record<string, LockedPackage> };
  if (!lock.packages) throw new Error('package-lock.json has no "packages" map: regenerate it with npm 7 or later');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const direct = new Set(Object.keys(manifest.dependencies ?? {}));
  return Object.entries(lock.packages)
    .filter(([where, pkg]) => where.includes('node_modules/') && !pkg.dev && !pkg.link)
    .map(([where, pkg]) => {
      let declared = declaredExpression(pkg.license);
      // Older lockfiles leave out licences written in the legacy forms; the installed manifest has them.
      const installed = path.join(root, where, 'package.json');
      if (!declared && fs.existsSync(installed)) {
        const own = JSON.parse(fs.readFileSync(installed, 'utf8')) as { license?: LockedPackage['license']; licenses?: LegacyLicence[] };
        declared = declaredExpression(own.license) ?? declaredExpression(own.licenses);
      }
      const name = packageName(where);
      return { name, version: pkg.version ?? '0.0.0', declared, direct: direct.has(name) && where === `node_modules/${name}` };
    });
}

type Judged = RuntimePackage & { licence: string; verdict: Verdict; reading?: string };

function judgePackage(pkg: RuntimePackage): Judged {
  const byHand = readByHand[pkg.name];
  if (byHand && byHand.declared === pkg.declared) {
    if (!semver.satisfies(pkg.version, byHand.versions)) {
      const problem = `version ${pkg.version} is outside the versions whose licence was read (${byHand.versions}): read its licence again and update readByHand in scripts/check-licences.ts`;
      return { ...pkg, licence: byHand.licence, verdict: { ok: false, problems: [problem] } };
    }
    return { ...pkg, licence: byHand.licence, verdict: judge(byHand.licence), reading: byHand.reading };
  }
  if (!pkg.declared) return { ...pkg, licence: '(none)', verdict: { ok: false, problems: ['declares no licence'] } };
  if (/^UNLICENSED$/i.test(pkg.declared)) {
    return { ...pkg, licence: pkg.declared, verdict: { ok: false, problems: ['UNLICENSED: proprietary, no right to ship it'] } };
  }
  if (/^SEE LICEN[CS]E IN /i.test(pkg.declared)) {
    const problem = `declares "${pkg.declared}": read its licence and, if it fits, add it to readByHand in scripts/check-licences.ts`;
    return { ...pkg, licence: pkg.declared, verdict: { ok: false, problems: [problem] } };
  }
  return { ...pkg, licence: pkg.declared, verdict: judge(pkg.declared) };
}

const listedInFull = 12;

/** docs/licences.md: one row per licence expression, with its packages or the notable ones. */
export function renderReport(judged: Judged[]): string {
  const byLicence = new Map<string, { licenceClass: LicenceClass; names: Set<string>; direct: Set<string> }>();
  for (const pkg of judged) {
    if (!pkg.verdict.ok) continue;
    const row = byLicence.get(pkg.licence) ?? { licenceClass: pkg.verdict.licenceClass, names: new Set(), direct: new Set() };
    row.names.add(pkg.name);
    if (pkg.direct) row.direct.add(pkg.name);
    byLicence.set(pkg.licence, row);
  }
  const rows = [...byLicence.entries()].sort(
    ([a, x], [b, y]) =>
      classes.indexOf(x.licenceClass) - classes.indexOf(y.licenceClass) || y.names.size - x.names.size || a.localeCompare(b),
  );
  const code = (names: Iterable<string>) =>
    [...names]
      .sort()
      .map((n) => `\`${n}\``)
      .join(', ');
  const which = (row: { names: Set<string>; direct: Set<string> }) => {
    if (row.names.size <= listedInFull) return code(row.names);
    const rest = row.names.size - row.direct.size;
    return row.direct.size ? `${code(row.direct)} and ${rest} more` : `${rest} packages`;
  };
  const packageCount = new Set(judged.map((p) => p.name)).size;
  // Packages whose every fitting choice carries copyleft obligations.
  const copyleft = [
    ...new Map(judged.filter((p) => p.verdict.ok && p.verdict.licenceClass !== 'permissive').map((p) => [p.name, p])).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const read = [...new Map(judged.filter((p) => p.reading).map((p) => [p.name, p])).values()].sort((a, b) => a.name.localeCompare(b.name));
  return [
    '# Licences of the runtime dependencies',
    '',
    '<!-- Written by `npm run check:licences -- --write`; `npm run check:licences` fails when it is out of date. -->',
    '',
    `The product is licensed ${projectLicence} ([LICENSE](../LICENSE)), because it ships TinyMCE`,
    '(GPL-2.0-or-later). Every package it needs at run time, read from `package-lock.json` (all',
    'dependencies, transitively, and the optional platform binaries of every platform; not the',
    `development tools), has a licence that fits it. ${packageCount} packages; the policy is in`,
    '[decisions/091-licence-policy.md](decisions/091-licence-policy.md).',
    '',
    '| Licence | Kind | Packages | Which (direct dependencies, or all when few) |',
    '| --- | --- | ---: | --- |',
    ...rows.map(([licence, row]) => `| ${licence} | ${row.licenceClass} | ${row.names.size} | ${which(row)} |`),
    '',
    '## Licences read by hand',
    '',
    'These packages do not state their licence as an SPDX expression; this is what their licence',
    'files say (`readByHand` in `scripts/check-licences.ts`).',
    '',
    '| Package | Declares | Read as | Why |',
    '| --- | --- | --- | --- |',
    ...read.map((p) => `| \`${p.name}\` | ${p.declared} | ${p.licence} | ${p.reading} |`),
    '',
    '## Copyleft parts',
    '',
    "Whoever distributes the product passes on these parts' source (and, for LGPL parts, the means",
    'to replace them) with its own; see the policy for what that means here.',
    '',
    ...copyleft.map((p) => `- \`${p.name}\`: ${p.licence}`),
    '',
  ].join('\n');
}

function main() {
  const write = process.argv.includes('--write');
  const judged = runtimePackages().map(judgePackage);
  const failed = judged.filter((p): p is Judged & { verdict: { ok: false; problems: string[] } } => !p.verdict.ok);
  const seen = new Set<string>();
  const problems = failed
    .map((p) => `${p.name}@${p.version} (${p.declared ?? 'no licence'}): ${p.verdict.problems.join('; ')}`)
    .filter((line) => !seen.has(line) && seen.add(line));

  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { license?: string };
  if (manifest.license !== projectLicence) problems.push(`package.json: "license" should be "${projectLicence}"`);
  const licenceFile = fs.existsSync(path.join(root, 'LICENSE')) ? fs.readFileSync(path.join(root, 'LICENSE'), 'utf8') : '';
  if (!/GNU GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007/.test(licenceFile))
    problems.push('LICENSE: should hold the text of the GNU GPL version 3');

  if (problems.length) {
    console.error(`Licences that do not fit ${projectLicence}:\n  ${problems.join('\n  ')}`);
    console.error('Replace the package, or read its licence and extend the policy in scripts/check-licences.ts (with a decision record).');
    process.exit(1);
  }
  const report = renderReport(judged);
  const count = `${new Set(judged.map((p) => p.name)).size} runtime packages fit ${projectLicence}`;
  const relative = path.relative(root, reportPath);
  if (write) {
    fs.writeFileSync(reportPath, report);
    console.info(`${count}; ${relative} written.`);
    return;
  }
  const current = fs.existsSync(reportPath) ? fs.readFileSync(reportPath, 'utf8') : '';
  if (current !== report) {
    console.error(
      `${relative} is ${current ? 'out of date with package-lock.json' : 'missing'}: run \`npm run check:licences -- --write\` and commit it.`,
    );
    process.exit(1);
  }
  console.info(`${count}; ${relative} is current.`);
}

if (require.main === module) main();
