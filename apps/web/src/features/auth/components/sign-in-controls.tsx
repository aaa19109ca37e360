import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@pharma/contracts';
import { languageNames, shortLanguageNames } from '../../../components/language-names';
import { SvgIcon } from '../../../components/svg-icon';
import { setLanguage, useLanguage } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';

/**
 * The sign-in screen's language switch: a button named 'Language' that opens a menu of the four languages,
 * each named in itself (as the header's antd Dropdown does, in plain elements: decision 043). Arrow keys
 * move between the languages, Escape closes, a click outside closes.
 */
export function SignInLanguageSwitch() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    (items.find((item) => item.lang === lng) ?? items[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, lng]);

  const choose = (code: Language) => {
    setOpen(false);
    button.current?.focus();
    void setLanguage(code);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="sign-in-menu">
      <button
        ref={button}
        type="button"
        className="sign-in-button"
        aria-label={t('fields.language.label')}
        title={t('fields.language.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <SvgIcon icon={GlobalOutlined} />
        <span aria-hidden="true">{shortLanguageNames[lng]}</span>
      </button>
      {open ? (
        <div ref={menu} className="sign-in-menu__list" role="menu" aria-label={t('fields.language.label')} onKeyDown={onMenuKey}>
          {languages.map((code) => (
            <button
              key={code}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={code}
              className={code === lng ? 'sign-in-menu__item sign-in-menu__item--current' : 'sign-in-menu__item'}
              aria-current={code === lng ? 'true' : undefined}
              onClick={() => choose(code)}
            >
              {languageNames[code]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Light/dark on the sign-in screen: a toggle button named 'Dark theme', pressed when dark (as the header's). */
export function SignInThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = usePreferences();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="sign-in-button sign-in-button--icon"
      aria-label={t('actions.darkTheme')}
      aria-pressed={dark}
      title={t('actions.darkTheme')}
      onClick={toggleTheme}
    >
      <SvgIcon icon={dark ? SunOutlined : MoonOutlined} />
    </button>
  );
}
