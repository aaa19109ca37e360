import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageLink as Linked } from '@pharma/contracts';
import { hrefOf } from '../../../lib/paths';

/** The screen a message's link opens: the record's own screen where it has one. */
export function messageLinkHref(link: Linked): string {
  switch (link.kind) {
    case 'order':
      return hrefOf('ordersItem', {}, { id: link.id });
    case 'organization':
      return hrefOf('organization', { id: link.id });
    case 'task':
      return hrefOf('tasks', {}, { task: link.id });
    case 'visit':
      // a visit's screen is reached through its organization; the history of visits lists it
      return hrefOf('historyVisits', {}, { visit: link.id });
  }
}

export function MessageLink({ link }: { link: Linked }) {
  const { t } = useTranslation('messages');
  return <Link to={messageLinkHref(link)}>{t('link', { kind: t(`linkKinds.${link.kind}`), id: link.id })}</Link>;
}
