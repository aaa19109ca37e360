import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  pickLanguage,
  latinToCyrillic,
  cyrillicToLatin,
  searchKey,
  phone,
  normalizePhone,
  formatPhone,
  inn,
  formatNumber,
  fieldIssues,
  pageQuery,
  parseSort,
  defaultRoleRights,
  allPermissions,
  roles,
  createUserBody,
  changePasswordBody,
} from '../index.js';

describe('languages', () => {
  it('picks the interface language from Accept-Language, ru by default', () => {
    expect(pickLanguage(undefined)).toBe('ru');
    expect(pickLanguage('fr-FR')).toBe('ru');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('uz-Cyrl')).toBe('uz-Cyrl');
    expect(pickLanguage('uz-Latn')).toBe('uz-Latn');
    expect(pickLanguage('uz')).toBe('uz-Latn');
    expect(pickLanguage('de;q=0.9,ru;q=0.8,en;q=0.1')).toBe('ru');
  });
});

describe('transliteration', () => {
  it('writes Uzbek Latin in Cyrillic', () => {
    expect(latinToCyrillic("O'zbekiston")).toBe('Ўзбекистон');
    expect(latinToCyrillic("Yo'q, Toshkent shahri")).toBe('Йўқ, Тошкент шаҳри');
    expect(latinToCyrillic("Farg'ona")).toBe('Фарғона');
    expect(latinToCyrillic('Ergash')).toBe('Эргаш');
    expect(latinToCyrillic('Chilonzor')).toBe('Чилонзор');
  });
  it('gives one search key for either script and Russian spelling', () => {
    expect(searchKey('Ташкент')).toBe(searchKey('Tashkent'));
    expect(searchKey('Тошкент')).toBe(searchKey('Toshkent'));
    expect(searchKey('Хасанова')).toBe(searchKey('Hasanova'));
    expect(searchKey('Қўқон')).toBe(searchKey("Qo'qon"));
    expect(searchKey(cyrillicToLatin('Фарғона'))).toBe(searchKey("Farg'ona"));
  });
  it('round-trips plain Uzbek Latin words through Cyrillic', () => {
    const word = fc.stringMatching(/^(?:sh|ch|o'|g'|[abdfgiklmnoprstuvxz])+$/);
    fc.assert(fc.property(word, (w) => searchKey(latinToCyrillic(w)) === searchKey(w)));
  });
});

describe('phone and inn (spec §5)', () => {
  it('accepts +998 and 9 digits in common spellings and rejects others', () => {
    expect(phone.parse('+998 90 123-45-67')).toBe('+998901234567');
    expect(phone.parse('998901234567')).toBe('+998901234567');
    expect(phone.parse('901234567')).toBe('+998901234567');
    expect(phone.safeParse('+7 900 123 45 67').success).toBe(false);
    expect(phone.safeParse('+99890123456').success).toBe(false);
    expect(normalizePhone('(90) 123 45 67')).toBe('+998901234567');
    expect(formatPhone('+998901234567')).toBe('+998 90 123 45 67');
  });
  it('takes exactly 9 digits as inn', () => {
    expect(inn.safeParse('123456789').success).toBe(true);
    for (const bad of ['12345678', '1234567890', '12345678a', '']) {
      const r = inn.safeParse(bad);
      expect(r.success).toBe(false);
    }
    expect(fieldIssues(inn.safeParse('12345678a').error!)[0]!.key).toBe('innFormat');
  });
});

describe('numbers (spec §9)', () => {
  it('groups thousands with spaces and shows 0 for empty', () => {
    expect(formatNumber(1234567)).toBe('1 234 567');
    expect(formatNumber(-1500.5, 2)).toBe('-1 500.50');
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber('')).toBe('0');
    expect(formatNumber(999)).toBe('999');
  });
});

describe('validation messages are keys', () => {
  it('maps missing, short and pattern failures to keys with parameters', () => {
    const r = createUserBody.safeParse({ login: 'ab', password: 'short', role: 'rep', fullName: '', position: 'x' });
    const issues = Object.fromEntries(fieldIssues(r.error!).map((i) => [i.path, i]));
    expect(issues.fullName!.key).toBe('required');
    expect(issues.login!.key).toBe('loginFormat');
    expect(issues.password!.key).toBe('passwordMin');
  });
  it('requires a manager user except for admin and boss', () => {
    const base = { login: 'new.rep', password: 'longenough', fullName: 'A B', position: 'Rep' };
    const rep = createUserBody.safeParse({ ...base, role: 'rep' });
    expect(fieldIssues(rep.error!).find((i) => i.path === 'managerId')!.key).toBe('managerRequired');
    expect(createUserBody.safeParse({ ...base, role: 'boss' }).success).toBe(true);
    expect(createUserBody.safeParse({ ...base, role: 'rep', managerId: 3 }).success).toBe(true);
  });
  it('checks the password confirmation', () => {
    const r = changePasswordBody.safeParse({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' });
    expect(fieldIssues(r.error!)[0]).toMatchObject({ path: 'confirmPassword', key: 'passwordsDiffer' });
  });
  it('pages by 25, 50 or 100 and searches from 4 characters', () => {
    expect(pageQuery.parse({})).toMatchObject({ page: 1, size: 25 });
    expect(pageQuery.safeParse({ size: '30' }).success).toBe(false);
    expect(fieldIssues(pageQuery.safeParse({ q: 'abc' }).error!)[0]!.key).toBe('searchMin');
    expect(pageQuery.parse({ q: '' }).q).toBeUndefined();
    expect(parseSort('-fullName', ['fullName', 'login'], 'login')).toEqual({ field: 'fullName', desc: true });
    expect(parseSort('password', ['fullName', 'login'], 'login')).toEqual({ field: 'login', desc: false });
  });
  it('gives a plain key for a required schema object field', () => {
    const r = z.object({ a: z.string() }).safeParse({});
    expect(fieldIssues(r.error!)[0]!.key).toBe('required');
  });
});

describe('default rights', () => {
  it('grant only known permissions and give the administrator everything', () => {
    for (const role of roles) for (const g of defaultRoleRights[role].grants) expect(allPermissions).toContain(g);
    expect(defaultRoleRights.admin.grants).toHaveLength(allPermissions.length);
    expect(defaultRoleRights.rep.scope).toBe('own');
    expect(defaultRoleRights.chief.scope).toBe('team');
  });
});
