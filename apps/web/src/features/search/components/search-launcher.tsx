import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { searchableKinds } from '@pharma/contracts';
import { useGrants } from '../../../lib/permissions';
import { SearchPalette } from './search-palette';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The header's search: a button (an icon on a phone, "Search… Ctrl K" on a desk) and Ctrl+K / Cmd+K
 * from anywhere, opening the palette. Nothing for a user who may view none of what search finds.
 */
export function SearchLauncher({ phone }: { phone: boolean }) {
  const { t } = useTranslation('search');
  const grants = useGrants();
  const [open, setOpen] = useState(false);
  const enabled = searchableKinds(grants).length > 0;

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      // by the key's place too: on a Cyrillic layout the key K types "л"
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && (event.code === 'KeyK' || event.key.toLowerCase() === 'k')) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  if (!enabled) return null;
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  return (
    <>
      <Button
        type="text"
        className="search-launcher"
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('palette.open')}
        aria-keyshortcuts="Control+K Meta+K"
        title={`${t('palette.open')} (${shortcut})`}
      >
        {phone ? null : (
          <>
            {t('palette.button')}
            <kbd aria-hidden="true">{shortcut}</kbd>
          </>
        )}
      </Button>
      <SearchPalette open={open} onClose={() => setOpen(false)} />
    </>
  );
}
