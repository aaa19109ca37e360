import type { LocalizedText } from './localized-text.js';

/** The four interface languages; ru is the default and the fallback (spec §1). */
export const languages = ['ru', 'en', 'uz-Latn', 'uz-Cyrl'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'ru';

/** Picks the best language from an Accept-Language header; falls back to ru. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return defaultLanguage;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag!.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    if (tag === 'uz-cyrl' || tag.startsWith('uz-cyrl')) return 'uz-Cyrl';
    if (tag === 'uz-latn' || tag === 'uz' || tag.startsWith('uz-')) return 'uz-Latn';
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en';
  }
  return defaultLanguage;
}

export function localized(text: LocalizedText | null | undefined, lng: Language): string {
  if (!text) return '';
  return text[lng] || text.ru;
}
