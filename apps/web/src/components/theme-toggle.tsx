import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences';

/** Light/dark: a toggle button named 'Dark theme', pressed when dark. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = usePreferences();
  const dark = theme === 'dark';
  return (
    <Button
      type="text"
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      aria-label={t('actions.darkTheme')}
      aria-pressed={dark}
      title={t('actions.darkTheme')}
      onClick={toggleTheme}
    />
  );
}
