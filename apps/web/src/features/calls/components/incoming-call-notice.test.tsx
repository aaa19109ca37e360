import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { describeIncomingCall } from './incoming-call-notice';

describe('the incoming call’s popup (issue 18)', () => {
  it('names the matched card and opens it', async () => {
    await i18n.changeLanguage('en');
    const notice = await describeIncomingCall(
      { signal: 'incomingCall', callId: 5, phone: '+998712001122', match: { type: 'organization', id: 12, name: 'Apteka Shifo' } },
      i18n,
    );
    expect(notice).toEqual({
      title: 'Incoming call +998 71 200 11 22',
      description: 'Organization: Apteka Shifo',
      href: '/references/12',
      action: 'Open the card',
    });
  });

  it('offers a new lead for a number no card has, and speaks the user’s language', async () => {
    await i18n.changeLanguage('ru');
    const notice = await describeIncomingCall({ signal: 'incomingCall', callId: 6, phone: '+998901234567', match: null }, i18n);
    expect(notice).toMatchObject({ title: 'Входящий звонок +998 90 123 45 67', action: 'Новый лид' });
    expect(notice.href).toBe('/leads?phone=%2B998901234567');
    await i18n.changeLanguage('en');
  });
});
