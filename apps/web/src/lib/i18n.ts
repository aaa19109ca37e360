import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { defaultLanguage, formatMoney, languages, languageStorageKey, type Language } from '@pharma/contracts';
import { mergeResources } from '../locales/merge';
import { pageNamespaces, signInNamespaces } from '../locales/sign-in-namespaces';
import { storage } from './storage';

/** The web app's namespaces (src/locales/<lng>/<ns>.json) and the shared ones from packages/contracts/locales. */
export const webNamespaces = [
  'common',
  'nav',
  'auth',
  'account',
  'users',
  'roles',
  'regions',
  'orgUnits',
  'audit',
  'catalog',
  'stock',
  'incomes',
  'pricing',
  'organizations',
  'doctors',
  'brands',
  'maps',
  'territories',
  'visits',
  'visit',
  'visitHistory',
  'orders',
  'logistics',
  'matrix',
  'courier',
  'statistics',
  'desktop',
  'search',
  'sync',
  'notifications',
  'tasks',
  'messages',
  'events',
  'leads',
  'testing',
  'chats',
  'calls',
  'knowledge',
] as const;
export const sharedNamespaces = ['errors', 'validation', 'enums', 'specification', 'analytics'] as const;
export const namespaces = [...webNamespaces, ...sharedNamespaces];
/**
 * What the sign-in screen reads; the rest loads with the signed-in app (router.tsx), but the pages' own
 * (loaded by their page). Vite's build puts
 * each language's other namespaces in one chunk (vite.config.ts), so a phone asks for them once.
 */
export const appNamespaces = namespaces.filter((ns) => !([...signInNamespaces, ...pageNamespaces] as readonly string[]).includes(ns));

/** Each namespace of each language is its own lazy module: a screen downloads only its language. */
const webFiles = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });
// but the company bot's words (telegram.json), which only the server says
const sharedFiles = import.meta.glob<ResourceKey>(
  ['../../../../packages/contracts/locales/*/*.json', '!../../../../packages/contracts/locales/*/telegram.json'],
  { import: 'default' },
);

async function loadNamespace(lng: string, ns: string): Promise<ResourceKey> {
  const web = webFiles[`../locales/${lng}/${ns}.json`];
  const shared = sharedFiles[`../../../../packages/contracts/locales/${lng}/${ns}.json`];
  if (!web && !shared) throw new Error(`No translations for ${lng}/${ns}`);
  const [sharedContent, webContent] = await Promise.all([shared?.(), web?.()]);
  return mergeResources(sharedContent ? { [ns]: sharedContent } : {}, webContent ? { [ns]: webContent } : {})[ns] ?? {};
}

const namespaceBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    loadNamespace(lng, ns).then(
      (content) => callback(null, content),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const stored = storage.get(languageStorageKey);
  return isLanguage(stored) ? stored : defaultLanguage;
}

/** Dates follow the language; Uzbek falls back to English (spec §9). */
export function dayjsLocaleOf(lng: Language): string {
  return lng === 'ru' ? 'ru' : 'en';
}

function applyLanguage(lng: string) {
  if (!isLanguage(lng)) return;
  storage.set(languageStorageKey, lng);
  document.documentElement.lang = lng;
  // the installed app's name in the same language (boot.js links it before the first paint)
  document.getElementById('manifest')?.setAttribute('href', `/manifest.${lng}.webmanifest`);
  dayjs.locale(dayjsLocaleOf(lng));
}

i18n.on('languageChanged', applyLanguage);

void i18n
  .use(namespaceBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    ns: [...signInNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

// money inside a shared message ("{{owed, money}}") in the language's convention, as the server writes it
i18n.services.formatter?.add('money', (value: unknown, lng: string | undefined) =>
  formatMoney(Number(value), { lng: isLanguage(lng) ? lng : defaultLanguage }),
);

export { i18n };

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : defaultLanguage;
}

export function setLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

/** The current interface language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : defaultLanguage;
}
