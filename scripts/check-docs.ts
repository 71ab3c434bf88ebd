/**
 * The documents stay true to the repository. Reads README.md and every docs/**.md and checks:
 * - every path they name from a top-level folder of the repository (`src/server/app.ts`,
 *   `test/api/`, `docs/decisions/150`) exists; `*` and `{a,b}` forms need at least one file
 *   each, `docs/decisions/NNN` needs record NNN, and what .gitignore leaves out (bench/results/)
 *   is not looked for;
 * - every relative Markdown link leads to a file or folder that exists;
 * - every decision record opens with its number ("# 150. …") and has a status, and one that says
 *   "superseded" names the record that supersedes it (a link or its number), which exists and
 *   names it back;
 * - the decisions index (docs/decisions/README.md) has a row for every record, and every
 *   record its rows link to exists.
 * Paths written relative to a part of the tree (`db/outbox-repository.ts` in a paragraph about
 * the server) are left alone: only a path from the repository's root can be checked without
 * guessing. Run by `npm test`; each problem is printed as file:line.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const DECISIONS = 'docs/decisions';
const INDEX = `${DECISIONS}/README.md`;
const TEMPLATE = `${DECISIONS}/000-template.md`;

const problems: string[] = [];
const report = (file: string, line: number, message: string) => problems.push(`${file}:${line}: ${message}`);

/** .gitignore's entries, as tests of a relative path (enough for the plain names and folders it holds). */
const ignored: ((relative: string) => boolean)[] = fs
  .readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
  .map((entry) => {
    const anchored = entry.replace(/\/$/, '').includes('/');
    const pattern = globToRegExp(entry.replace(/^\//, '').replace(/\/$/, ''));
    return (relative: string) => {
      const parts = relative.split('/').filter(Boolean);
      if (anchored) return parts.some((_, end) => pattern.test(parts.slice(0, end + 1).join('/')));
      return parts.some((part) => pattern.test(part));
    };
  });
const isIgnored = (relative: string) => ignored.some((test) => test(relative));

function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\*\*\/?|\*|\?/g, (wildcard) => (wildcard.startsWith('**') ? '(?:.*/)?' : wildcard === '*' ? '[^/]*' : '[^/]'));
  return new RegExp(`^${source}$`);
}

function walk(relative: string): string[] {
  const dir = path.join(root, relative);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const child = `${relative}/${entry.name}`;
    if (entry.name === 'node_modules' || isIgnored(child)) return [];
    return entry.isDirectory() ? [child, ...walk(child)] : [child];
  });
}

/** The top-level folders a named path may start from: the repository's own, not what it generates. */
const topFolders = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && (entry.name === '.ci' || !entry.name.startsWith('.')) && !isIgnored(entry.name))
  .map((entry) => entry.name);

const documents = ['README.md', ...walk('docs').filter((file) => file.endsWith('.md'))];

/** Record files by number: docs/decisions/NNN-slug.md. */
const records = new Map<string, string>();
for (const file of fs.readdirSync(path.join(root, DECISIONS)).sort()) {
  const number = /^(\d{3})-.*\.md$/.exec(file)?.[1];
  if (!number || number === '000') continue;
  if (records.has(number))
    report(`${DECISIONS}/${file}`, 1, `record ${number} is also ${records.get(number)}: give one of them the next free number`);
  else records.set(number, file);
}

/** `a/{b,c}/d.ts` → a/b/d.ts, a/c/d.ts (nested and several braces too). */
function expandBraces(text: string): string[] {
  const match = /\{([^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1]
    .split(',')
    .flatMap((choice) => expandBraces(text.slice(0, match.index) + choice + text.slice(match.index + match[0].length)));
}

const listings = new Map<string, string[]>();
function globMatches(pattern: string): boolean {
  const base = pattern.slice(0, pattern.search(/[*?]/)).replace(/\/[^/]*$/, '');
  if (!listings.has(base)) listings.set(base, walk(base));
  const test = globToRegExp(pattern.replace(/\/$/, ''));
  return listings.get(base)!.some((file) => test.test(file));
}

/** Why a named path does not hold, or undefined when it does. */
function missingPath(named: string): string | undefined {
  const record = new RegExp(`^${DECISIONS}/(\\d{3})/?$`).exec(named);
  if (record) return records.has(record[1]) ? undefined : `names decision ${record[1]}, which has no record in ${DECISIONS}/`;
  const missing = expandBraces(named).filter((candidate) => {
    if (isIgnored(candidate)) return false;
    if (/[*?]/.test(candidate)) return !globMatches(candidate);
    return !fs.existsSync(path.join(root, candidate));
  });
  if (!missing.length) return undefined;
  const what = missing.map((candidate) => (/[*?]/.test(candidate) ? `${candidate} matches no file` : `${candidate} does not exist`));
  return `${what.join('; ')}: name the file as it is now (git log --follow -- <path> finds where it went)`;
}

// A path from a top-level folder, not inside a longer path or an address: `src/a.ts`, test/api/, src/x/{a,b}.ts.
const namedPath = new RegExp(
  `(?<![\\w./@:~-])(?:${topFolders.map((name) => name.replace('.', '\\.')).join('|')})/(?:[\\w.*@+-]|/|\\{[\\w.,*/-]*\\})*`,
  'g',
);
const markdownLink = /\]\(([^()\s]+)\)/g;

for (const file of documents) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  let fenced = false;
  lines.forEach((text, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    for (const [found] of text.matchAll(namedPath)) {
      const named = found.replace(/[.,:;-]+$/, '');
      const problem = missingPath(named);
      if (problem) report(file, line, problem);
    }
    // The template's links are placeholders (NNN-example.md).
    if (fenced || file === TEMPLATE) return;
    for (const [, target] of text.matchAll(markdownLink)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
      const resolved = path.join(path.dirname(file), decodeURI(target.replace(/#.*$/, '')));
      if (!fs.existsSync(path.join(root, resolved))) report(file, line, `the link to ${target} leads nowhere (${resolved} does not exist)`);
    }
  });
}

/** A record's status: from "Status:" to the end of its paragraph. */
function statusOf(text: string): { status: string; line: number } | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /(^|\s)Status:/.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && !line.trim());
  const paragraph = lines.slice(start, end < 0 ? undefined : end).join(' ');
  return { status: paragraph.slice(paragraph.indexOf('Status:') + 'Status:'.length).trim(), line: start + 1 };
}

/** Every three-digit number a text holds, as it names records ("decision 063", [063](063-….md)). */
const recordNumbers = (text: string) => [...text.matchAll(/(?<![\w.,-])(\d{3})(?![\w,])/g)].map((match) => match[1]);
/** The records a clause names: its links to records, else the numbers written after "by" or "and". */
const namedRecords = (clause: string) => {
  const linked = [...clause.matchAll(/\]\((\d{3})-[^)]*\.md\)/g)].map((match) => match[1]);
  return linked.length ? linked : [...clause.matchAll(/\b(?:by|and)\s+(?:decision\s+)?(\d{3})\b/g)].map((match) => match[1]);
};
const supersededRecords = new Map<string, string[]>();

for (const [number, name] of records) {
  const file = `${DECISIONS}/${name}`;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  if (!text.startsWith(`# ${number}. `)) report(file, 1, `the title should begin "# ${number}. ", the file's number`);
  const found = statusOf(text);
  if (!found) {
    report(file, 1, 'the record has no "Status:" (accepted, superseded by [NNN](NNN-….md), …; see 000-template.md)');
    continue;
  }
  // Each "superseded … by" names its record before the next clause (";") begins.
  const clauses = found.status.split(';').filter((clause) => /superseded\b/i.test(clause));
  const by = clauses.flatMap((clause) => {
    const numbers = namedRecords(clause.slice(clause.search(/superseded\b/i)));
    if (!numbers.length) report(file, found.line, `the status says "${clause.trim()}" without naming the record that supersedes it`);
    return numbers;
  });
  for (const other of by) {
    if (!records.has(other)) report(file, found.line, `the status names ${other} as superseding it, and there is no record ${other}`);
  }
  if (by.length) supersededRecords.set(number, by);
}

// A change of mind is a new record that names the one it replaces.
for (const [number, by] of supersededRecords) {
  for (const other of by) {
    const name = records.get(other);
    if (!name) continue;
    const text = fs.readFileSync(path.join(root, DECISIONS, name), 'utf8');
    if (!recordNumbers(text).includes(number)) {
      const line = statusOf(text)?.line ?? 1;
      report(
        `${DECISIONS}/${name}`,
        line,
        `${records.get(number)} says ${other} supersedes it, but ${other} never names ${number} (say "supersedes in part [${number}](${records.get(number)})")`,
      );
    }
  }
}

// The index: one row per record, and no row for a record that is not there.
const indexed = new Set<string>();
fs.readFileSync(path.join(root, INDEX), 'utf8')
  .split('\n')
  .forEach((text, index) => {
    const row = /^\|\s*\[(\d{3})\]\(([^)]+)\)/.exec(text);
    if (!row) return;
    const [, number, target] = row;
    indexed.add(target);
    if (target !== records.get(number)) {
      report(
        INDEX,
        index + 1,
        `row ${number} links to ${target}, but ${records.has(number) ? `its record is ${records.get(number)}` : `there is no record ${number}`}`,
      );
    }
    const status = text.split('|').at(-2) ?? '';
    if (supersededRecords.has(number) !== /superseded\b/i.test(status)) {
      const [says, not] = supersededRecords.has(number) ? ['its record', "its row's status"] : ["its row's status", 'its record'];
      report(INDEX, index + 1, `${says} says ${number} is superseded (in part or whole), and ${not} does not: make them agree`);
    }
  });
for (const name of records.values()) {
  if (!indexed.has(name)) report(INDEX, 1, `no row for ${name}: add one to the table`);
}

if (problems.length) {
  console.error(
    `${problems.join('\n')}\n\n${problems.length} problem${problems.length === 1 ? '' : 's'} in the documents (scripts/check-docs.ts).`,
  );
  process.exit(1);
}
