import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { searchableKinds } from '@pharma/contracts';
import { useGrants } from '../../../lib/permissions';

// the palette (antd's Input and Modal) comes when it is first opened, not with the header (issue 16)
const SearchPalette = lazy(() => import('./search-palette').then((m) => ({ default: m.SearchPalette })));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The header's search: a button (an icon on a phone, "Search… Ctrl K" on a desk) and Ctrl+K / Cmd+K
 * from anywhere, opening the palette. Nothing for a user who may view none of what search finds.
 */
export function SearchLauncher({ phone }: { phone: boolean }) {
  const { t } = useTranslation('search');
  const grants = useGrants();
  const [open, setOpen] = useState(false);
  // once opened it stays mounted: it closes with its animation and opens again at once
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
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
      {wanted || open ? (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
