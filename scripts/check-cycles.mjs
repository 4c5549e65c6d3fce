// Fails when source files import each other in a circle (`npm run check:cycles`, run by `npm run lint`).
// Every relative import counts, `import type` included: a type-only circle still means two files that
// cannot be read, moved or tested apart. Prints each circle as the chain of files that closes it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'e2e', 'bench'];
const skipped = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'results']);
const extensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(full);
    return extensions.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function isFile(candidate) {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find(isFile);
}

/** @type {Map<string, string[]>} */
const graph = new Map();
for (const file of sourceRoots.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveImport(file, specifier))
    .filter((target) => target !== undefined);
  graph.set(file, [...new Set(targets)]);
}

// Tarjan's strongly connected components: every component with more than one file is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)));
    }
  }
  if (low.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component);
  }
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

/** One concrete circle inside a component, found by a breadth-first walk back to its first file. */
function circleIn(component) {
  const members = new Set(component);
  const start = component.toSorted()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const chain = [file];
        while (previous.get(chain[0])) chain.unshift(previous.get(chain[0]));
        return [...chain, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return component;
}

const relative = (file) => path.relative(root, file);

// The same walk one floor up: the server's folders as units (each `modules/<name>` one unit, every
// other top-level folder of `src` one unit). No two units may import each other, even through a
// third and even for a type: a module that needs another's words and is needed back has a concept
// of its own waiting to become a ground module (docs/architecture.md). Tests are left out: a test
// may set up through any module. The allow-list may only shrink: an entry that no longer closes a
// circle fails too, so it is taken out when it is mended.
const serverSource = path.join(root, 'apps/server/src');
const ALLOWED_UNIT_CIRCLES = [];
function serverUnitOf(file) {
  const inside = path.relative(serverSource, file);
  if (inside.startsWith('..')) return undefined;
  const parts = inside.split(path.sep);
  if (parts.length === 1) return '(root)';
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0];
}
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);
/** @type {Map<string, Map<string, [string, string]>>} unit → unit it imports → one file pair that does */
const unitGraph = new Map();
for (const [file, targets] of graph) {
  const from = serverUnitOf(file);
  if (from === undefined || from === '(root)' || isTest(file)) continue;
  for (const target of targets) {
    const to = serverUnitOf(target);
    if (to === undefined || to === from || to === '(root)' || isTest(target)) continue;
    if (!unitGraph.has(from)) unitGraph.set(from, new Map());
    if (!unitGraph.get(from).has(to)) unitGraph.get(from).set(to, [file, target]);
  }
}
/** Strongly connected units (Tarjan again, on the small graph). */
function unitComponents() {
  let next = 0;
  const order = new Map();
  const reach = new Map();
  const path_ = [];
  const onPath = new Set();
  const found = [];
  const walk = (unit) => {
    order.set(unit, next);
    reach.set(unit, next);
    next += 1;
    path_.push(unit);
    onPath.add(unit);
    for (const other of unitGraph.get(unit)?.keys() ?? []) {
      if (!order.has(other)) {
        walk(other);
        reach.set(unit, Math.min(reach.get(unit), reach.get(other)));
      } else if (onPath.has(other)) reach.set(unit, Math.min(reach.get(unit), order.get(other)));
    }
    if (reach.get(unit) === order.get(unit)) {
      const component = [];
      let member;
      do {
        member = path_.pop();
        onPath.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const unit of unitGraph.keys()) if (!order.has(unit)) walk(unit);
  return found;
}
const unitCircles = unitComponents();
const circleKey = (units) => [...units].sort().join(' ⇄ ');
const allowed = new Set(ALLOWED_UNIT_CIRCLES);
const newUnitCircles = unitCircles.filter((units) => !allowed.has(circleKey(units)));
const staleAllowed = ALLOWED_UNIT_CIRCLES.filter(
  (key) => !unitCircles.some((units) => circleKey(units) === key),
);
let unitFailure = false;
if (newUnitCircles.length > 0) {
  unitFailure = true;
  console.error(`check:cycles: ${newUnitCircles.length} circle(s) between server folders`);
  for (const units of newUnitCircles) {
    console.error(`- ${units.join(' ⇄ ')}`);
    for (const unit of units) {
      for (const [to, [file, target]] of unitGraph.get(unit) ?? []) {
        if (units.includes(to))
          console.error(`    ${unit} → ${to}: ${relative(file)} imports ${relative(target)}`);
      }
    }
  }
}
if (staleAllowed.length > 0) {
  unitFailure = true;
  console.error('check:cycles: mended circles are still allowed; take them out of ALLOWED_UNIT_CIRCLES:');
  for (const key of staleAllowed) console.error(`- ${key}`);
}
if (unitFailure) process.exit(1);

if (components.length > 0) {
  console.error(`check:cycles: ${components.length} import circle(s)`);
  for (const component of components) {
    console.error(`- ${circleIn(component).map(relative).join('\n    → ')}`);
    if (component.length > 2) console.error(`  (${component.length} files in this knot)`);
  }
  process.exit(1);
}
console.log(
  `check:cycles: ${graph.size} files, no import circles; ${unitGraph.size} server folders, none importing another that imports it back`,
);
