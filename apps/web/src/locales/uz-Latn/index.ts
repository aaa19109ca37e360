import type { ResourceKey } from 'i18next';
import { mergeResources } from '../merge';

/** Every namespace of this language: the web app's files here and the shared ones of packages/contracts. */
const web = import.meta.glob<ResourceKey>('./*.json', { eager: true, import: 'default' });
const shared = import.meta.glob<ResourceKey>('../../../../../packages/contracts/locales/uz-Latn/*.json', { eager: true, import: 'default' });

export const resources: Record<string, ResourceKey> = mergeResources(shared, web);
