import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n';
import { shortLanguageNames } from './language-names';

// antd's Dropdown and Menu weigh more than the whole sign-in form: they load on the first click (issue 16)
const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));

export function LanguageSwitch({ showLabel = true }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [asked, setAsked] = useState(false);
  const button = (
    <Button type="text" icon={<GlobalOutlined />} aria-label={t('fields.language.label')} title={t('fields.language.label')} onClick={() => setAsked(true)}>
      {showLabel ? <span aria-hidden="true">{shortLanguageNames[lng]}</span> : null}
    </Button>
  );
  if (!asked) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu current={lng}>{button}</LanguageMenu>
    </Suspense>
  );
}
