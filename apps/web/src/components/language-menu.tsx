import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { languages, type Language } from '@pharma/contracts';
import { setLanguage } from '../lib/i18n';
import { api } from '../lib/api-client';
import { getSession } from '../lib/session';
import { languageNames } from './language-names';

/** The languages' menu under the switch's button; it opens as it arrives (the button's first click asked for it). */
export function LanguageMenu({ current, children }: { current: Language; children: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((code) => ({ key: code, label: <span lang={code}>{languageNames[code]}</span> })),
        onClick: ({ key }) => {
          setOpen(false);
          const language = key as Language;
          void setLanguage(language);
          // the company bot speaks the language the user chose (issue 17); a lost request only leaves it as it was
          if (getSession().access_token) api.account.saveLanguage({ body: { language } }).catch(() => undefined);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
