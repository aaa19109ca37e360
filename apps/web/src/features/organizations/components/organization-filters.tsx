import { Button, Select } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { organizationSizes, type OrganizationSize } from '@pharma/contracts';
import { FilterBar } from '../../../components/filter-bar';
import { SearchInput } from '../../../components/search-input';
import { filterChoice, useRegionChoices } from './region-choices';
import { RegionSelect } from './region-select';
import type { useOrganizationFilters } from './use-organization-filters';

type Filters = ReturnType<typeof useOrganizationFilters>;

/** The orders the list offers: by name, newest first, by INN. */
const sortChoices = ['name', '-createdAt', 'inn'] as const;

/** Search (≥ 4 characters, either script) and the filters of an organization list: region, district, size, blocked. */
export function OrganizationFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation('organizations');
  const choices = useRegionChoices();
  const { update } = filters;
  return (
    <FilterBar
      className="org-filters"
      always={<SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />}
      active={[filters.regionId, filters.districtId, filters.orgSize, filters.blocked, filters.sort].filter((v) => v !== undefined).length}
    >
      <RegionSelect
        label={t('fields.regionId.label')}
        placeholder={t('filters.allRegions')}
        value={filters.regionId}
        onChange={(value) => update({ regionId: value, districtId: undefined })}
      />
      <Select<number>
        aria-label={t('fields.districtId.label')}
        placeholder={t('filters.allDistricts')}
        allowClear
        showSearch={{ filterOption: filterChoice }}
        disabled={!filters.regionId}
        value={filters.districtId}
        onChange={(value) => update({ districtId: value })}
        options={choices.districts(filters.regionId)}
        style={{ width: 200 }}
      />
      <Select<OrganizationSize>
        aria-label={t('fields.size.label')}
        placeholder={t('filters.anySize')}
        allowClear
        value={filters.orgSize}
        onChange={(value) => update({ orgSize: value })}
        options={organizationSizes.map((s) => ({ value: s, label: t(`enums:organizationSize.${s}`) }))}
        style={{ width: 150 }}
      />
      <Select<'true' | 'false'>
        aria-label={t('fields.blocked.label')}
        placeholder={t('filters.anyBlocked')}
        allowClear
        value={filters.blocked === undefined ? undefined : filters.blocked ? 'true' : 'false'}
        onChange={(value) => update({ blocked: value })}
        options={[
          { value: 'false', label: t('enums:blocked.false') },
          { value: 'true', label: t('enums:blocked.true') },
        ]}
        style={{ width: 160 }}
      />
      <Select<string>
        aria-label={t('fields.sort.label')}
        value={filters.sort ?? 'name'}
        onChange={(value) => update({ sort: value === 'name' ? undefined : value })}
        options={sortChoices.map((value) => ({ value, label: t(`sorts.${value}`) }))}
        style={{ width: 190 }}
      />
      {filters.active ? (
        <Button
          icon={<ClearOutlined />}
          onClick={() => update({ q: undefined, regionId: undefined, districtId: undefined, orgSize: undefined, blocked: undefined })}
        >
          {t('common:actions.reset')}
        </Button>
      ) : null}
    </FilterBar>
  );
}
