import { describe, expect, it } from 'vitest';
import { notificationSubjectTypes, type Notification } from '@pharma/contracts';
import { hrefOf } from '../../../lib/paths';
import { notificationHref } from './notification-text';

const of = (subjectType: Notification['subjectType'], kind: Notification['kind'] = 'orderStatus'): Notification => ({
  id: 1,
  kind,
  subjectType,
  subjectId: 7,
  params: {},
  createdAt: '2026-11-28T08:00:00Z',
  readAt: null,
});

// the contracts write the paths the company bot links to; they must be the web app's screens
describe('a notification opens its screen', () => {
  it('at the path of the screen registry', () => {
    expect(notificationHref(of('order'))).toBe(hrefOf('ordersItem', {}, { id: 7 }));
    expect(notificationHref(of('task'))).toBe(hrefOf('tasks', {}, { task: 7 }));
    expect(notificationHref(of('conversation'))).toBe(hrefOf('messages', {}, { conversation: 7 }));
    expect(notificationHref(of('event'))).toBe(hrefOf('events', {}, { event: 7 }));
    expect(notificationHref(of('visit', 'questionableVisit'))).toBe(hrefOf('questionableVisits'));
  });
  it('or nowhere', () => {
    expect(notificationHref(of(null))).toBeNull();
    expect(notificationSubjectTypes).toContain('delivery');
    expect(notificationHref(of('delivery'))).toBeNull();
  });
});
