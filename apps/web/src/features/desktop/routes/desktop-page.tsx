import { orderActorsOfRole } from '@pharma/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { FiguresSection } from '../components/figures';
import { ExceptionsInbox } from '../components/exceptions-inbox';
import { OrderQueue } from '../components/order-queue';
import '../desktop.css';

/**
 * /desktop: each role's home of figures and work. A rep: today, the month's plan vs fact, coverage and
 * their uncovered organizations; a chief or boss: the team's figures and the exceptions inbox; the desk
 * (the operator): the order queue by status. What shows follows the user's rights and scope.
 */
export function DesktopPage() {
  const { t } = useTranslation('desktop');
  const user = useSession().user;
  const canReports = useCan('reports.view');
  const managesVisits = useCan('visits.edit');
  const seesOrders = useCan('orders.view');
  const desk = !!user && orderActorsOfRole[user.role].includes('operator');
  const manager = !!user && user.scope !== 'own' && managesVisits;
  const showFigures = canReports && (managesVisits || !desk);
  return (
    <>
      <PageHeader title={t('nav:titles.desktop')} subtitle={manager ? t('subtitles.manager') : desk ? t('subtitles.desk') : t('subtitles.rep')} />
      {desk && seesOrders ? <OrderQueue /> : null}
      {showFigures ? <FiguresSection part={manager ? 'cards' : 'all'} /> : null}
      {manager ? <ExceptionsInbox /> : null}
      {showFigures && manager ? <FiguresSection part="details" /> : null}
    </>
  );
}
