import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, type TestText } from '@pharma/contracts';

/** A test's text in the interface language, or in Russian where that language was left empty. */
export function useTestText(): (text: TestText) => string {
  const { i18n } = useTranslation();
  return useCallback((text: TestText) => textIn(text, i18n.language), [i18n.language]);
}
