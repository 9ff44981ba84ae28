// Modules form no cycle: the code seen as one node per module (dependency-cruiser's collapse) must be a
// DAG. dependency-cruiser finds cycles between files only, so the module graph is checked here.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const { options } = require('../.dependency-cruiser.cjs');
const MODULE = /^src\/modules\/([^/]+)\/$/;

const { output } = await cruise(['src'], { ...options, collapse: '^src/modules/[^/]+/', outputType: 'json' });
const graph = new Map();
for (const { source, dependencies } of JSON.parse(output).modules) {
  const from = MODULE.exec(source)?.[1];
  if (!from) continue;
  const to = dependencies.map((dependency) => MODULE.exec(dependency.resolved)?.[1]).filter((name) => name && name !== from);
  graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])]);
}

const state = new Map();
function visit(name, path) {
  if (state.get(name) === 'done') return null;
  if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
  state.set(name, 'open');
  for (const next of graph.get(name) ?? []) {
    const cycle = visit(next, [...path, name]);
    if (cycle) return cycle;
  }
  state.set(name, 'done');
  return null;
}
for (const name of graph.keys()) {
  const cycle = visit(name, []);
  if (cycle) {
    console.error(`✘ modules form a cycle: ${cycle.join(' → ')}\n  When two modules need each other, the need is a port bound in main/.`);
    process.exit(1);
  }
}
console.log(`✔ no cycle between the ${graph.size} modules`);
