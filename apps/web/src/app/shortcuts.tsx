import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
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
      <Typography.Title level={2} id="shortcuts-title" style={{ fontSize: 18 }}>
        {t('main.yourScreens')}
      </Typography.Title>
      <div className="visit-cards visit-cards--grid">
        {entries.map((e) => {
          const Icon = e.icon;
          return (
            <Link key={e.id} to={e.path} className="visit-count" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
              <Icon />
              <span>{t(`nav:${e.title}`)}</span>
            </Link>
          );
        })}
      </div>
    </section>
  );
}
