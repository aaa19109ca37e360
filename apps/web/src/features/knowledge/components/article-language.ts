import { articleLanguageOrder, languages, type Language } from '@pharma/contracts';

/** The languages an article is written in, the reader's first, then Russian, then the rest. */
export const languagesFor = (texts: Partial<Record<Language, unknown>>, wanted: Language): Language[] =>
  articleLanguageOrder(
    languages.filter((l) => texts[l] !== undefined),
    wanted,
  );

/** A title in the reader's language, or its fallback. */
export function titleFor(titles: Partial<Record<Language, string>>, wanted: Language): string {
  const [first] = languagesFor(titles, wanted);
  return first ? (titles[first] ?? '') : '';
}
