import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { borderRadius, messageDisplayMs, primaryColor } from '@pharma/contracts';
import { queryClient } from '../lib/query-client';
import { useLanguage } from '../lib/i18n';
import { usePreferences } from '../lib/preferences';
import { antdLocales } from './antd-locales';

/** Server state, antd theme (primary #3d7bf7, radius 8, light/dark, size) and antd's locale for the language. */
export function Providers({ children }: { children: ReactNode }) {
  const lng = useLanguage();
  const { theme, size } = usePreferences();
  const dark = theme === 'dark';
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocales[lng]}
        componentSize={size}
        theme={{
          algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { colorPrimary: primaryColor, borderRadius, colorBgLayout: dark ? '#0f1115' : '#f3f5f9' },
          components: {
            Layout: { headerHeight: 56, headerPadding: '0 16px', siderBg: dark ? '#16181d' : '#ffffff', headerBg: dark ? '#16181d' : '#ffffff' },
            Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent' },
          },
        }}
      >
        <AntApp message={{ duration: messageDisplayMs / 1000, maxCount: 3 }} notification={{ placement: 'bottomRight' }}>
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
