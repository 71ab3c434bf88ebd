/**
 * Type assertions in the product's code may only become fewer (docs/decisions/207): counts every
 * `x as T` other than `as const`, and every non-null assertion `x!`, in src/ (tests and migrations
 * aside), from the TypeScript syntax tree, and compares them with the ceilings written below. A count
 * above its ceiling fails with where the assertions are; one below asks for the ceiling to come down,
 * so that the ratchet keeps what was won. Run by `npm test`; `--list` prints every assertion.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** What the product's code holds today, at most. Lower these when the counts go down. */
const CEILINGS = { as: 58, nonNull: 24 };

const root = path.resolve(__dirname, '..');
const isProductFile = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.includes(`${path.sep}migrations${path.sep}`);

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return isProductFile(full) ? [full] : [];
  });
}

interface Assertion {
  kind: keyof typeof CEILINGS;
  where: string;
  text: string;
}

function assertionsIn(file: string): Assertion[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Assertion[] = [];
  const at = (node: ts.Node, kind: Assertion['kind']) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ kind, where: `${path.relative(root, file)}:${line + 1}`, text: node.getText(source).replace(/\s+/g, ' ').slice(0, 100) });
  };
  const visit = (node: ts.Node) => {
    const isAssertion = ts.isAsExpression(node) || ts.isTypeAssertionExpression(node); // `x as T` and `<T>x` alike
    if (isAssertion && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const')) at(node, 'as');
    else if (ts.isNonNullExpression(node)) at(node, 'nonNull');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const assertions = productFiles(path.join(root, 'src')).flatMap(assertionsIn);
const counts = { as: 0, nonNull: 0 };
for (const assertion of assertions) counts[assertion.kind] += 1;

if (process.argv.includes('--list')) for (const { kind, where, text } of assertions) console.info(`${where}\t${kind}\t${text}`);

const names = { as: '`as` assertions', nonNull: 'non-null assertions (`!`)' };
let failed = false;
for (const kind of Object.keys(CEILINGS) as (keyof typeof CEILINGS)[]) {
  if (counts[kind] > CEILINGS[kind]) {
    failed = true;
    console.error(
      `${names[kind]}: ${counts[kind]}, more than the ${CEILINGS[kind]} allowed. Type the value instead (a schema, a literal union, a guard); ` +
        'run `npx tsx scripts/check-casts.ts --list` to see them all.',
    );
  } else if (counts[kind] < CEILINGS[kind]) {
    failed = true;
    console.error(
      `${names[kind]}: ${counts[kind]}, fewer than the ceiling: lower CEILINGS.${kind} in scripts/check-casts.ts to ${counts[kind]}.`,
    );
  } else console.info(`${names[kind]}: ${counts[kind]} (the ceiling)`);
}
process.exit(failed ? 1 : 0);
