import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The product's mark and name; links to the main screen. */
export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/main" className={`brand${collapsed ? ' brand--collapsed' : ''}`} aria-label={t('app.name')}>
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#3d7bf7" />
        <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
      </svg>
      {collapsed ? null : <span className="brand__name">{t('app.name')}</span>}
    </Link>
  );
}
