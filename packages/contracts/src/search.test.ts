import { describe, expect, it } from 'vitest';
import { fieldIssues, globalSearchQuery, isOrderNumberQuery, searchableKinds, searchMatches, searchText } from './index.js';

describe('global search query', () => {
  it('needs 4 characters, except the digits of an order number', () => {
    expect(globalSearchQuery.parse({ q: ' Najot ' })).toEqual({ q: 'Najot', limit: 5 });
    expect(globalSearchQuery.parse({ q: '42' }).q).toBe('42');
    expect(fieldIssues(globalSearchQuery.safeParse({ q: 'Naj' }).error!)[0]).toMatchObject({ path: 'q', key: 'searchMin' });
    expect(globalSearchQuery.safeParse({ q: '' }).success).toBe(false);
    expect(globalSearchQuery.parse({ q: 'Najot', kinds: 'order,user', limit: '50' })).toMatchObject({ kinds: ['order', 'user'], limit: 50 });
    expect(globalSearchQuery.safeParse({ q: 'Najot', limit: '51' }).success).toBe(false);
    expect(globalSearchQuery.safeParse({ q: 'Najot', kinds: 'visit' }).success).toBe(false);
  });

  it('takes digits (spaces allowed, at most 12) as an order number', () => {
    expect(isOrderNumberQuery('000123')).toBe(true);
    expect(isOrderNumberQuery('1')).toBe(true);
    expect(isOrderNumberQuery('12 34')).toBe(true);
    expect(isOrderNumberQuery('№12')).toBe(false);
    expect(isOrderNumberQuery('1234567890123')).toBe(false);
  });

  it('searches the kinds the rights allow', () => {
    expect(searchableKinds(['organizations.view', 'orders.view'])).toEqual(['organization', 'doctor', 'order']);
    expect(searchableKinds(['logistics.view'])).toEqual([]);
  });
});

describe('searchMatches (the in-memory twin of searchCondition)', () => {
  const text = searchText('Малика Юсупова', 'rep.malika', 'Медицинский представитель', '+998901112233');
  it('needs every word to begin a word, in either script', () => {
    expect(searchMatches(text, 'Malika Yusupova')).toBe(true);
    expect(searchMatches(text, 'Юсуп')).toBe(true);
    expect(searchMatches(text, 'usupova')).toBe(false);
    expect(searchMatches(text, 'Malika Karimova')).toBe(false);
    expect(searchMatches(text, '«»')).toBe(false);
  });
  it('finds digits anywhere', () => {
    expect(searchMatches(text, '90 111-22-33')).toBe(true);
    expect(searchMatches(text, '9999')).toBe(false);
  });
});
