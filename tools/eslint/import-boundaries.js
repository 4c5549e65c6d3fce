// A local ESLint rule: the import zones of the code base (docs/architecture.md draws them).
// It replaces eslint-plugin-import-x, whose native resolver ships per-platform packages that the
// registry we install from does not carry, which broke `npm ci`.
//
// A zone names the files it applies to and what they may not import:
// - `target`: folders or files (from the repository root) whose imports are checked;
//   `targetPattern` narrows them, `targetExcept` lifts the zone from some (regular expressions
//   matched against the root-relative path, e.g. `-queries\\.ts$`);
// - `from`: folders or files that may not be imported (`except` reopens sub-folders of them), or
//   `fromPattern`, a regular expression matched against the imported path without its extension;
// - `packages`: package names that may not be imported (a sub-path `pkg/x` counts as `pkg`);
// - `allowTypeImports`: `import type …` passes, as excalidraw does:
//   a type describes a shape and is erased, so a lower layer may name an upper one's types.
import path from 'node:path';

/**
 * @typedef {{
 *   target: string | string[]; targetPattern?: string; targetExcept?: string[];
 *   from?: string | string[]; except?: string[]; fromPattern?: string; packages?: string[];
 *   allowTypeImports?: boolean; message: string }} Zone
 */

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross the declared dependency zones' },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, zones: { type: 'array' } } }],
  },
  create(context) {
    const { root, zones } = /** @type {{ root: string; zones: Zone[] }} */ (context.options[0]);
    const file = path.resolve(context.filename);
    const fromRoot = (absolute) => path.relative(root, absolute).split(path.sep).join('/');
    const inside = (child, parent) => {
      const relative = path.relative(path.resolve(root, parent), child);
      return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
    };
    const filePath = fromRoot(file);
    const applicable = zones.filter(
      (zone) =>
        [zone.target].flat().some((target) => inside(file, target)) &&
        (!zone.targetPattern || new RegExp(zone.targetPattern).test(filePath)) &&
        !(zone.targetExcept ?? []).some((pattern) => new RegExp(pattern).test(filePath)),
    );
    if (applicable.length === 0) return {};

    /** Whether the zone forbids `source` (as written in the import). */
    function forbids(zone, source) {
      if (!source.startsWith('.')) {
        return (zone.packages ?? []).some((name) => source === name || source.startsWith(`${name}/`));
      }
      const imported = path.resolve(path.dirname(file), source.replace(/\.(js|ts|tsx)$/, ''));
      if (zone.fromPattern && new RegExp(zone.fromPattern).test(fromRoot(imported))) return true;
      const from = [zone.from ?? []].flat().find((dir) => inside(imported, dir));
      if (!from) return false;
      return !(zone.except ?? []).some((dir) => inside(imported, path.join(from, dir)));
    }

    function check(node, source, typeOnly) {
      if (typeof source !== 'string') return;
      for (const zone of applicable) {
        if (typeOnly && zone.allowTypeImports) continue;
        if (forbids(zone, source)) context.report({ node, message: zone.message });
      }
    }

    // Only `import type { A }` counts as type-only: with `verbatimModuleSyntax`,
    // `import { type A }` still loads the module at run time (as `import {} from …`).
    const typeOnlyImport = (node) => node.importKind === 'type';
    const typeOnlyExport = (node) => node.exportKind === 'type';

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) =>
        node.source && check(node.source, node.source.value, typeOnlyExport(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value, false),
      // `import('../x').Type` in a type position.
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value, true);
      },
    };
  },
};
