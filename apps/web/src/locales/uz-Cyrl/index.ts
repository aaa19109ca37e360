import type { ResourceKey } from 'i18next';

/** Every namespace of this language: the web app's files here and the shared ones of packages/contracts. */
const web = import.meta.glob<ResourceKey>('./*.json', { eager: true, import: 'default' });
const shared = import.meta.glob<ResourceKey>('../../../../../packages/contracts/locales/uz-Cyrl/*.json', { eager: true, import: 'default' });

const byNamespace = (files: Record<string, ResourceKey>) =>
  Object.fromEntries(Object.entries(files).map(([file, content]) => [file.replace(/^.*\/|\.json$/g, ''), content]));

export const resources: Record<string, ResourceKey> = { ...byNamespace(shared), ...byNamespace(web) };
