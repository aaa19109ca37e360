import type { TFunction } from 'i18next';
import type { Notification } from '@pharma/contracts';
import { formatTime } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';

/** A notification in the user's language, made from its kind and the values it carries. */
export function notificationText(t: TFunction, n: Notification): { text: string; detail?: string } {
  const p = n.params;
  const status = p.to ? t(`enums:orderStatus.${p.to}`) : '';
  const detail = [p.by ? t('notifications:texts.by', { name: p.by }) : null, p.reason ? t('notifications:texts.reason', { reason: p.reason }) : null]
    .filter(Boolean)
    .join(' · ');
  switch (n.kind) {
    case 'orderStatus':
    case 'orderDecision':
    case 'stopClosed':
      return { text: t(`notifications:texts.${n.kind}`, { number: p.number, organization: p.organization, status }), detail: detail || undefined };
    case 'taskAssigned':
    case 'taskDue':
    case 'eventInvitation':
      return { text: t(`notifications:texts.${n.kind}`, { title: p.title }), detail: detail || undefined };
    case 'questionableVisit':
      return { text: t('notifications:texts.questionableVisit', { representative: p.representative, organization: p.organization }) };
    case 'visitReminder':
      return { text: t('notifications:texts.visitReminder', { time: formatTime(String(p.start ?? '')), organization: p.organization }) };
    case 'message':
      return { text: t('notifications:texts.message', { by: p.by, text: p.text }), detail: p.title ? String(p.title) : undefined };
    default:
      return { text: t(`notifications:kinds.${n.kind}`, { defaultValue: t('notifications:texts.other') }), detail: detail || undefined };
  }
}

/**
 * The screen a notification opens, when the thing it is about has one at an address of its own. A
 * visit's has none (its screen is reached through its organization): the list opens it by its id.
 */
export function notificationHref(n: Notification): string | null {
  if (n.subjectType === 'order' && n.subjectId) return hrefOf('ordersItem', {}, { id: n.subjectId });
  if (n.subjectType === 'task' && n.subjectId) return hrefOf('tasks', {}, { task: n.subjectId });
  // the manager's queue of questionable visits, where the visit is accepted or rejected
  if (n.subjectType === 'visit' && n.kind === 'questionableVisit') return hrefOf('questionableVisits');
  if (n.subjectType === 'conversation' && n.subjectId) return hrefOf('messages', {}, { conversation: n.subjectId });
  if (n.subjectType === 'event' && n.subjectId) return hrefOf('events', {}, { event: n.subjectId });
  return null;
}
