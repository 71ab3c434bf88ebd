/**
 * package.json's `engines.node` must be exactly what the installed dependencies
 * need: every Node it admits satisfies every dependency's own `engines.node`
 * (so no install meets a package that refuses its Node), and its lowest version is
 * the lowest Node that every dependency accepts (so it is not stricter than needed).
 * That floor is one of the lower bounds the dependencies write: `^20.19.0 || ^22.13.0`
 * next to `>=22.12.0` makes it 22.13.0.
 * Reads package-lock.json, which records each package's engines. Run by `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

type LockedPackage = { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean };

const root = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };

const declared = manifest.engines?.node;
if (!declared || !semver.validRange(declared)) {
  console.error('package.json: engines.node is missing or not a semver range');
  process.exit(1);
}

const needs = Object.entries(lock.packages).flatMap(([where, pkg]) => {
  const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
  const floor = where && range && semver.validRange(range) ? semver.minVersion(range) : null;
  return floor && range ? [{ name: where.replace(/^.*node_modules\//, ''), range, floor }] : [];
});

const lowerBounds = needs.flatMap((need) =>
  new semver.Range(need.range).set.map((comparators) => semver.minVersion(comparators.map((c) => c.value).join(' ')) ?? need.floor),
);
const floor = lowerBounds.sort(semver.compare).find((candidate) => needs.every((need) => semver.satisfies(candidate, need.range)));
const ownFloor = semver.minVersion(declared)!;
const refused = needs.filter((need) => !semver.subset(declared, need.range));

const problems = [
  ...refused.map((need) => `${need.name} needs node ${need.range}, which "${declared}" does not guarantee`),
  ...(!floor ? ['no Node version satisfies every dependency'] : []),
  ...(floor && !semver.eq(ownFloor, floor)
    ? [`its floor ${ownFloor.version} should be ${floor.version}, the lowest Node every dependency accepts`]
    : []),
];

if (problems.length || !floor) {
  console.error(`engines.node "${declared}":\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
// Who sets the floor: the dependencies that refuse the next lower bound below it.
const below = lowerBounds.filter((bound) => semver.lt(bound, floor)).at(-1);
const setters = below ? needs.filter((need) => !semver.satisfies(below, need.range)).map((need) => need.name) : [];
console.info(
  `engines.node "${declared}" fits all ${needs.length} dependencies that declare one; the floor ${floor.version} comes from ${[...new Set(setters)].join(', ') || 'all of them'}.`,
);
