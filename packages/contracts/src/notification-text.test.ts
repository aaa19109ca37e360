import { describe, expect, it } from 'vitest';
import { notificationText, type Translate } from './notification-text.js';

// a translation that shows which key and which values were used
const t: Translate = (key, params = {}) => `${key}${JSON.stringify(params)}`;
const time = (iso: string) => `time(${iso})`;

describe('notificationText', () => {
  it('words the news of an event by what happened: invited, changed, cancelled, or an answer to the organizer', () => {
    expect(notificationText(t, { kind: 'eventInvitation', params: { title: 'Разбор', by: 'Каримов' } }, time)).toEqual({
      text: 'notifications:texts.eventInvitation{"title":"Разбор"}',
      detail: 'notifications:texts.by{"name":"Каримов"}',
    });
    expect(notificationText(t, { kind: 'eventInvitation', params: { title: 'Разбор', by: 'Каримов', change: 'cancelled' } }, time).text).toBe(
      'notifications:texts.eventCancelled{"title":"Разбор"}',
    );
    expect(notificationText(t, { kind: 'eventInvitation', params: { title: 'Разбор', by: 'Юсупова', change: 'declined' } }, time)).toEqual({
      text: 'notifications:texts.eventDeclined{"title":"Разбор","by":"Юсупова"}',
    });
  });

  it('gives a visit reminder its time in the reader’s clock', () => {
    expect(notificationText(t, { kind: 'visitReminder', params: { organization: 'Шифо', start: '2026-11-28T05:30:00Z' } }, time).text).toBe(
      'notifications:texts.visitReminder{"time":"time(2026-11-28T05:30:00Z)","organization":"Шифо"}',
    );
  });
});
