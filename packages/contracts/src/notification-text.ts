import type { Notification } from './notifications.js';

/** A translation function: i18next's `t` in the web app, the server's `translate` bound to a language. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * A notification in the user's language, made from its kind and the values it carries: the bell in the
 * app and the company bot in Telegram say the same (locales/<lng>/notifications.json).
 */
export function notificationText(
  t: Translate,
  n: Pick<Notification, 'kind' | 'params'>,
  /** an instant as the reader's clock shows it (the web's format, the business time zone in Telegram) */
  timeOf: (iso: string) => string,
): { text: string; detail?: string } {
  const p = n.params;
  const status = p.to ? t(`enums:orderStatus.${p.to}`) : '';
  const detail =
    [p.by ? t('notifications:texts.by', { name: p.by }) : null, p.reason ? t('notifications:texts.reason', { reason: p.reason }) : null]
      .filter(Boolean)
      .join(' · ') || undefined;
  switch (n.kind) {
    case 'orderStatus':
    case 'orderDecision':
    case 'stopClosed':
      return { text: t(`notifications:texts.${n.kind}`, { number: p.number, organization: p.organization, status }), detail };
    case 'taskAssigned':
    case 'taskDue':
      return { text: t(`notifications:texts.${n.kind}`, { title: p.title }), detail };
    case 'eventInvitation': {
      // the invitation, and the news of the event after it: changed or cancelled (to the invited), an answer (to the organizer)
      const news = { changed: 'eventChanged', cancelled: 'eventCancelled', accepted: 'eventAccepted', declined: 'eventDeclined' }[String(p.change)];
      if (news === 'eventAccepted' || news === 'eventDeclined') return { text: t(`notifications:texts.${news}`, { title: p.title, by: p.by }) };
      return { text: t(`notifications:texts.${news ?? 'eventInvitation'}`, { title: p.title }), detail };
    }
    case 'questionableVisit':
      return { text: t('notifications:texts.questionableVisit', { representative: p.representative, organization: p.organization }) };
    case 'visitReminder':
      return { text: t('notifications:texts.visitReminder', { time: timeOf(String(p.start ?? '')), organization: p.organization }) };
    case 'message':
      return { text: t('notifications:texts.message', { by: p.by, text: p.text }), detail: p.title ? String(p.title) : undefined };
    default:
      return { text: t(`notifications:kinds.${n.kind}`), detail };
  }
}

/**
 * The app's address of what a notification is about (a path with its query), or null when it has no
 * screen of its own. The web app opens it from the bell; the company bot puts it after the app's address.
 */
export function notificationPath(n: Pick<Notification, 'kind' | 'subjectType' | 'subjectId'>): string | null {
  const id = n.subjectId;
  if (n.subjectType === 'order' && id) return `/orders-item?id=${id}`;
  if (n.subjectType === 'task' && id) return `/tasks?task=${id}`;
  // the manager's queue of questionable visits, where the visit is accepted or rejected
  if (n.subjectType === 'visit' && n.kind === 'questionableVisit') return '/questionable-visits';
  if (n.subjectType === 'conversation' && id) return `/messages?conversation=${id}`;
  if (n.subjectType === 'event' && id) return `/events?event=${id}`;
  return null;
}
