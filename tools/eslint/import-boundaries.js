// A local ESLint rule: the import zones of the web app (shared → features → app, features apart).
// It replaces eslint-plugin-import-x, whose native resolver ships per-platform packages that the
// registry we install from does not carry, which broke `npm ci`.
import path from 'node:path';

/** @typedef {{ target: string; from: string[]; except?: string[]; message: string }} Zone */

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
    const inside = (child, parent) => {
      const relative = path.relative(path.resolve(root, parent), child);
      return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
    };
    const applicable = zones.filter((zone) => inside(file, zone.target));
    if (applicable.length === 0) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of applicable) {
        const from = [zone.from].flat().find((dir) => inside(imported, dir));
        if (!from) continue;
        const allowed = (zone.except ?? []).some((dir) => inside(imported, path.join(from, dir)));
        if (!allowed) context.report({ node, message: zone.message });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
