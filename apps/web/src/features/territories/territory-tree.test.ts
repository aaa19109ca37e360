import { describe, expect, it } from 'vitest';
import type { Region } from '@pharma/contracts';
import { keysOf, territoriesOf } from './territory-tree';

const name = (text: string) => ({ ru: text, en: text, 'uz-Latn': text, 'uz-Cyrl': text });
const regions: Region[] = [
  { id: 1, code: 'TK', name: name('Tashkent'), districts: [1, 2, 3].map((id) => ({ id, regionId: 1, name: name(`d${id}`) })) },
  { id: 2, code: 'SA', name: name('Samarkand'), districts: [4, 5].map((id) => ({ id, regionId: 2, name: name(`d${id}`) })) },
  { id: 3, code: 'XX', name: name('Empty'), districts: [] },
];

describe('territory tree', () => {
  it('checks every district of a whole region', () => {
    expect(
      keysOf(
        {
          userId: 1,
          items: [
            { regionId: 1, districtId: null },
            { regionId: 2, districtId: 5 },
          ],
        },
        regions,
      ).sort(),
    ).toEqual(['d:1', 'd:2', 'd:3', 'd:5', 'r:1'].sort());
  });

  it('saves a fully checked region as one territory and single districts otherwise', () => {
    expect(territoriesOf(new Set(['d:1', 'd:2', 'd:3', 'd:5']), regions)).toEqual([
      { regionId: 1, districtId: null },
      { regionId: 2, districtId: 5 },
    ]);
  });

  it('keeps a region without districts when its node is checked', () => {
    expect(territoriesOf(new Set(['r:3']), regions)).toEqual([{ regionId: 3, districtId: null }]);
  });

  it('round-trips an assignment', () => {
    const saved = {
      userId: 1,
      items: [
        { regionId: 1, districtId: 2 },
        { regionId: 2, districtId: null },
      ],
    };
    expect(territoriesOf(new Set(keysOf(saved, regions)), regions)).toEqual(saved.items);
  });
});
