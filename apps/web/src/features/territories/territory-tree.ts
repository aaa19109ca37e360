import type { Region, Territory, UserTerritories } from '@pharma/contracts';

/** The keys of the territory tree: a region node and its district leaves. */
export const regionKey = (id: number) => `r:${id}`;
export const districtKey = (id: number) => `d:${id}`;

/** The checked tree of a saved assignment: a whole region checks every district of it. */
export function keysOf(saved: UserTerritories, regions: Region[]): string[] {
  const keys: string[] = [];
  for (const item of saved.items) {
    const region = regions.find((r) => r.id === item.regionId);
    if (!region) continue;
    if (item.districtId === null) {
      keys.push(regionKey(region.id), ...region.districts.map((d) => districtKey(d.id)));
    } else keys.push(districtKey(item.districtId));
  }
  return keys;
}

/** The assignment of a checked tree: a fully checked region is one whole-region territory. */
export function territoriesOf(checked: Set<string>, regions: Region[]): Territory[] {
  const items: Territory[] = [];
  for (const region of regions) {
    const districts = region.districts.filter((d) => checked.has(districtKey(d.id)));
    const whole = region.districts.length > 0 ? districts.length === region.districts.length : checked.has(regionKey(region.id));
    if (whole) items.push({ regionId: region.id, districtId: null });
    else for (const d of districts) items.push({ regionId: region.id, districtId: d.id });
  }
  return items;
}
