import type { ResourceKey } from 'i18next';

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => !!value && typeof value === 'object' && !Array.isArray(value);

function deepMerge(base: unknown, over: unknown): unknown {
  if (!isTree(base) || !isTree(over)) return over;
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in out ? deepMerge(out[key], value) : value;
  return out;
}

const byNamespace = (files: Record<string, ResourceKey>) =>
  Object.fromEntries(Object.entries(files).map(([file, content]) => [file.replace(/^.*\/|\.json$/g, ''), content]));

/**
 * The namespaces of one language: the shared catalogues of packages/contracts and the web app's own files.
 * A namespace present on both sides (e.g. `stock`: the contracts' column titles, the web's screens) is merged.
 */
export function mergeResources(shared: Record<string, ResourceKey>, web: Record<string, ResourceKey>): Record<string, ResourceKey> {
  const out: Record<string, ResourceKey> = byNamespace(shared);
  for (const [ns, content] of Object.entries(byNamespace(web))) out[ns] = (ns in out ? deepMerge(out[ns], content) : content) as ResourceKey;
  return out;
}
