import { useMemo } from 'react';
import { localized, searchKey, type District, type Region, type UserTerritories } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useRegions } from '../../regions';
import { useMyTerritories } from '../../territories';

export interface Choice {
  value: number;
  label: string;
}

function allowedBy(territories: UserTerritories | undefined) {
  const items = territories?.items ?? [];
  return {
    region: (r: Region) => items.some((t) => t.regionId === r.id),
    district: (d: District) => items.some((t) => t.regionId === d.regionId && (t.districtId === null || t.districtId === d.id)),
  };
}

/**
 * Regions and districts as pick-list choices in the interface language. A user who sees only their
 * own territories (a representative) is offered only those: the server refuses the others.
 */
export function useRegionChoices() {
  const lng = useLanguage();
  const regions = useRegions();
  const ownScope = useSession().user?.scope === 'own';
  const territories = useMyTerritories(ownScope);

  return useMemo(() => {
    const allowed = ownScope ? allowedBy(territories.data) : null;
    const list = (regions.data ?? []).filter((r) => !allowed || allowed.region(r));
    const byName = (a: Choice, b: Choice) => a.label.localeCompare(b.label, lng);
    const regionChoices: Choice[] = list.map((r) => ({ value: r.id, label: localized(r.name, lng) })).sort(byName);
    const districtChoices = (regionId: number | null | undefined): Choice[] => {
      const region = list.find((r) => r.id === regionId);
      if (!region) return [];
      return region.districts
        .filter((d) => !allowed || allowed.district(d))
        .map((d) => ({ value: d.id, label: localized(d.name, lng) }))
        .sort(byName);
    };
    /** The only region (and district) a representative works in: a new organization starts there. */
    const single = regionChoices.length === 1 ? regionChoices[0]!.value : null;
    return {
      loading: regions.isPending || (ownScope && territories.isPending),
      regions: regionChoices,
      districts: districtChoices,
      singleRegion: single,
      singleDistrict: single !== null && districtChoices(single).length === 1 ? districtChoices(single)[0]!.value : null,
      noTerritories: ownScope && territories.isSuccess && territories.data.items.length === 0,
    };
  }, [regions.data, regions.isPending, territories.data, territories.isPending, territories.isSuccess, ownScope, lng]);
}

/** antd Select search in either script ("Toshkent" finds "Тошкент"). */
export const filterChoice = (input: string, option?: { label?: unknown }) => searchKey(String(option?.label ?? '')).includes(searchKey(input));
