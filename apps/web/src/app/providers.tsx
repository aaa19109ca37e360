import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { accessiblePrimary, borderRadius, messageDisplayMs } from '@pharma/contracts';
import { useLanguage } from '../lib/i18n';
import { usePreferences } from '../lib/preferences';
import { antdLocales } from './antd-locales';

/**
 * Colours that carry text meet WCAG AA (4.5:1) in both themes (decision 037): the brand blue #3d7bf7
 * (spec §9) reads at 3.9:1 on white, so text and filled buttons use a deeper shade of it in the light
 * theme and a lighter one in the dark; secondary, placeholder and error texts are darkened (lightened) likewise.
 */
const lightTokens = {
  colorPrimary: accessiblePrimary.light,
  colorLink: accessiblePrimary.light,
  colorError: '#d9363e',
  colorWarningText: '#874d00',
  colorErrorText: '#b3262e',
  colorSuccessText: '#237804',
  colorInfoText: '#2563d6',
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};
// seeds: the dark algorithm derives each colour a shade darker (#94b8ff → #819fdc on the page)
const darkTokens = {
  colorPrimary: accessiblePrimary.dark,
  colorLink: accessiblePrimary.dark,
  colorError: '#ff8a87',
  // the selected menu item's and day's background: dark enough for the primary text on it
  colorPrimaryBg: '#1f2a3d',
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
};
const darkOnAccent = '#0b1220';
/** Tag text of each preset colour, a step darker (light) or lighter (dark) than antd's, to read at 4.5:1 on the tag. */
const lightTagText = { volcano7: '#ad2102', orange7: '#ad4e00', gold7: '#874d00', yellow7: '#876800', lime7: '#3f6600', green7: '#237804', cyan7: '#006d75' };
const darkTagText = { red7: '#f37370', geekblue7: '#7f9ef3', purple7: '#ab7ae0' };
/** Status tags (success, processing, warning, error): their text on their own light (dark) background. */
const lightStatusText = { colorSuccess: '#237804', colorInfo: '#2563d6', colorWarning: '#874d00', colorError: '#b3262e' };
const darkStatusText = { colorSuccess: '#6abe39', colorInfo: '#8ab4f8', colorWarning: '#e8b339', colorError: '#f37370' };

/** The antd theme (primary #3d7bf7, radius 8, light/dark, size) and antd's locale for the language. */
export function Providers({ children }: { children: ReactNode }) {
  const lng = useLanguage();
  const { theme, size } = usePreferences();
  const dark = theme === 'dark';
  return (
    <ConfigProvider
      locale={antdLocales[lng]}
      componentSize={size}
      theme={{
        algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...(dark ? darkTokens : lightTokens), borderRadius, colorBgLayout: dark ? '#0f1115' : '#f3f5f9' },
        components: {
          Layout: { headerHeight: 56, headerPadding: '0 16px', siderBg: dark ? '#16181d' : '#ffffff', headerBg: dark ? '#16181d' : '#ffffff' },
          // on a dark page the filled buttons are light, so their text is dark (white on a light blue is unreadable)
          Button: dark ? { primaryColor: darkOnAccent, dangerColor: darkOnAccent } : {},
          // the empty stars stay visible on both backgrounds (antd's default is a faint fill)
          Tag: dark ? { ...darkTagText, ...darkStatusText } : { ...lightTagText, ...lightStatusText },
          // a count on red: white on a red deep enough in the dark theme too
          Badge: dark ? { colorError: '#b3403d' } : {},
          Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent', ...(dark ? { itemSelectedBg: '#1f2a3d', itemSelectedColor: '#acc2e8' } : {}) },
          Rate: { starBg: dark ? 'rgba(255, 255, 255, 0.4)' : 'rgba(0, 0, 0, 0.3)' },
        },
      }}
    >
      <AntApp message={{ duration: messageDisplayMs / 1000, maxCount: 3 }} notification={{ placement: 'bottomRight' }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
