import { describe, expect, it } from 'vitest';
import { normalizeUzPhone, phone } from './phone.js';

const mobile = '+998901234567';
const tashkent = '+998712001122';

/** Written forms of Uzbek numbers met in client cards, PBX events and pasted text (issue 18). */
const forms: [written: string, normalised: string][] = [
  ['+998 90 123 45 67', mobile],
  ['+998901234567', mobile],
  ['998901234567', mobile],
  ['901234567', mobile],
  ['8 90 1234567', mobile],
  ['8(90)123-45-67', mobile],
  ['(90) 123-45-67', mobile],
  ['90-123-45-67', mobile],
  ['90 123 45 67', mobile],
  ['0901234567', mobile],
  ['090 123 45 67', mobile],
  ['+998 (90) 123-45-67', mobile],
  ['+998-90-123-45-67', mobile],
  ['+998.90.123.45.67', mobile],
  ['90.123.45.67', mobile],
  ['+998 (0) 90 123 45 67', mobile],
  ['00998901234567', mobile],
  ['00 998 90 123 45 67', mobile],
  ['8 10 998 90 123 45 67', mobile],
  ['tel:+998901234567', mobile],
  ['tel:+998-90-123-45-67', mobile],
  ['TEL:998901234567', mobile],
  ['tel:%2B998%2090%20123%2045%2067', mobile],
  ['sip:998901234567@pbx.example.uz', mobile],
  ['tel:+998901234567;ext=12', mobile],
  ['+998\u00a090\u00a0123\u00a045\u00a067', mobile], // no-break spaces
  ['+998\u202f90\u202f123\u202f45\u202f67', mobile], // narrow no-break spaces
  ['+998\u200990\u2009123\u200945\u200967', mobile], // thin spaces
  ['+998 90 123\u201145\u201167', mobile], // non-breaking hyphens
  ['+998 90 123\u201345\u201467', mobile], // en and em dashes
  ['\u2212998 90 123 45 67'.replace('\u2212', '+'), mobile],
  ['\uff0b\uff19\uff19\uff18\uff19\uff10\uff11\uff12\uff13\uff14\uff15\uff16\uff17', mobile], // full-width
  ['  +998 90 123 45 67  ', mobile],
  ['+998\t90\t1234567', mobile],
  ['+998/90/123/45/67', mobile],
  ['+998(71)2001122', tashkent],
  ['(71) 200-11-22', tashkent],
  ['71 200 11 22', tashkent],
  ['8 71 200 11 22', tashkent],
  ['0712001122', tashkent],
  ['+998 71 200-11-22', tashkent],
  ['998 71 2001122', tashkent],
  ['+998 33 555 44 22', '+998335554422'],
  ['+998 (88) 777-66-55', '+998887776655'],
  ['+998 20 000 00 01', '+998200000001'],
];

const notUzbek: string[] = [
  '',
  '   ',
  '123-45-67', // a local number without its code
  '+7 900 123 45 67',
  '+99890123456', // a digit short
  '+9989012345678', // a digit long
  '+1 (415) 555-2671',
  '090 12',
  'call me: 90 123 45 67',
  '90 123 45 67 доб. 12',
  '+998 00 123 45 67', // no code begins with 0
  '0000000000',
  'tel:',
];

describe('normalizeUzPhone (issue 18)', () => {
  it(`reads ${forms.length} written forms of Uzbek numbers as +998XXXXXXXXX`, () => {
    expect(forms.length).toBeGreaterThanOrEqual(30);
    for (const [written, normalised] of forms) expect([written, normalizeUzPhone(written)]).toEqual([written, normalised]);
  });

  it('refuses what is no Uzbek number', () => {
    for (const text of notUzbek) expect([text, normalizeUzPhone(text)]).toEqual([text, null]);
    expect(normalizeUzPhone(null)).toBeNull();
    expect(normalizeUzPhone(undefined)).toBeNull();
  });

  it('is what the phone field stores: every written form is accepted as the same number', () => {
    for (const [written, normalised] of forms) expect(phone.parse(written)).toBe(normalised);
    for (const text of notUzbek) expect(phone.safeParse(text).success).toBe(false);
  });
});
