import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@pharma/contracts';
import { setLanguage, useLanguage } from '../lib/i18n';

/** Each language named in itself (never translated). */
export const languageNames: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  'uz-Latn': 'Oʻzbekcha',
  'uz-Cyrl': 'Ўзбекча',
};
const shortNames: Record<Language, string> = { ru: 'RU', en: 'EN', 'uz-Latn': 'UZ', 'uz-Cyrl': 'ЎЗ' };

export function LanguageSwitch({ showLabel = true }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lng],
        items: languages.map((code) => ({ key: code, label: <span lang={code}>{languageNames[code]}</span> })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('fields.language.label')} title={t('fields.language.label')}>
        {showLabel ? <span aria-hidden="true">{shortNames[lng]}</span> : null}
      </Button>
    </Dropdown>
  );
}
