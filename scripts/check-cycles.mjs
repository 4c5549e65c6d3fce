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
if (components.length > 0) {
  console.error(`check:cycles: ${components.length} import circle(s)`);
  for (const component of components) {
    console.error(`- ${circleIn(component).map(relative).join('\n    → ')}`);
    if (component.length > 2) console.error(`  (${component.length} files in this knot)`);
  }
  process.exit(1);
}
console.log(`check:cycles: ${graph.size} files, no import circles`);
