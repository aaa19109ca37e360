import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { NavIcon } from './nav-icons';
import { navRegistry, useNavAccess } from './nav-registry';

/** A user without visits (operator without them, warehouse, courier…): the screens they work in. */
export function Shortcuts() {
  const { t } = useTranslation('visits');
  const allowed = useNavAccess();
  // the screens made for the user's part come first: the courier's deliveries for a courier
  const entries = navRegistry
    .filter((e) => e.group && e.page && e.id !== 'main' && allowed(e))
    .sort((a, b) => Number(!!b.actors) - Number(!!a.actors))
    .slice(0, 12);
  if (!entries.length) return <EmptyState />;
  return (
    <section aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title" className="section-title" style={{ marginBottom: 12 }}>
        {t('main.yourScreens')}
      </h2>
      <div className="visit-cards visit-cards--grid">
        {entries.map((e) => (
          <Link key={e.id} to={e.path} className="visit-count" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
            <NavIcon name={e.icon} />
            <span>{t(`nav:${e.title}`)}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
