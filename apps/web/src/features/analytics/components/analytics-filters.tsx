import { Button, DatePicker, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { clientTypes, dateFormat, localized, organizationSizes, organizationTypes, periodKinds, type PeriodKind } from '@pharma/contracts';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar } from '../../../components/filter-bar';
import { useLanguage } from '../../../lib/i18n';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useOrgUnits } from '../../org-units';
import { useRegions } from '../../regions';
import { useUserOptions } from '../../users';
import { RepresentativeSelect, useSeesTeam } from '../../visits';
import type { AnalyticsFilters } from '../use-analytics-filters';

const pickerOf: Partial<Record<PeriodKind, 'week' | 'month' | 'quarter' | 'year'>> = { week: 'week', month: 'month', quarter: 'quarter', year: 'year' };

/** The period picker and the filters of the analytics screens; every choice goes into the address. */
export function AnalyticsFiltersBar({
  state,
  children,
  hide = [],
}: {
  state: AnalyticsFilters;
  children?: React.ReactNode;
  /** filters the screen's figures do not depend on (the coverage map has no client type) */
  hide?: readonly 'clientType'[];
}) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const lng = useLanguage();
  const seesTeam = useSeesTeam();
  const regions = useRegions();
  const branches = useOrgUnits('branches');
  const chiefs = useUserOptions('chief');
  const { kind, anchor, query, update } = state;
  const phone = useWindowWidth() < phoneBelowPx;
  const region = (regions.data ?? []).find((r) => r.id === query.regionId);
  const select = (name: string, options: { value: string | number; label: string }[], value: string | number | undefined, width = 200) => (
    <Select
      aria-label={t(`analytics:filters.${name}`)}
      placeholder={t(`analytics:filters.${name}`)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(next) => update({ [name]: next ?? undefined, ...(name === 'regionId' ? { districtId: undefined } : {}) })}
      options={options}
      style={{ width }}
    />
  );
  const choosePeriod = (value: PeriodKind) => update({ period: value === 'month' ? undefined : value, from: undefined, to: undefined });
  const periodOptions = periodKinds.map((p) => ({ value: p, label: t(`period.${p}`) }));
  // six segments do not fit a phone's width: there the kinds are a list
  const period = phone ? (
    <Select<PeriodKind> aria-label={t('labels.period')} value={kind} onChange={choosePeriod} options={periodOptions} style={{ minWidth: 130 }} />
  ) : (
    <Segmented<PeriodKind> aria-label={t('labels.period')} value={kind} onChange={choosePeriod} options={periodOptions} />
  );
  const datePicker =
    kind === 'custom' ? (
      <DateRangeFilter from={query.from} to={query.to} onChange={(range) => update(range)} label={t('labels.period')} />
    ) : (
      <DatePicker
        aria-label={t('labels.period')}
        picker={pickerOf[kind]}
        allowClear={false}
        value={dayjs(anchor)}
        format={kind === 'day' ? dateFormat : undefined}
        onChange={(value) => update({ date: value ? value.format(dateFormat) : undefined })}
      />
    );
  return (
    <FilterBar
      always={
        <div className="analytics-period">
          {period}
          {datePicker}
        </div>
      }
      active={state.active}
    >
      {select(
        'regionId',
        (regions.data ?? []).map((r) => ({ value: r.id, label: localized(r.name, lng) })),
        query.regionId,
      )}
      {region
        ? select(
            'districtId',
            region.districts.map((d) => ({ value: d.id, label: localized(d.name, lng) })),
            query.districtId,
          )
        : null}
      {seesTeam
        ? select(
            'branchId',
            (branches.data ?? []).map((b) => ({ value: b.id, label: b.name })),
            query.branchId,
          )
        : null}
      {seesTeam
        ? select(
            'teamId',
            (chiefs.data ?? []).map((u) => ({ value: u.id, label: u.fullName })),
            query.teamId,
          )
        : null}
      {seesTeam ? (
        <RepresentativeSelect
          allowClear
          ariaLabel={t('analytics:filters.representativeId')}
          placeholder={t('analytics:filters.representativeId')}
          value={query.representativeId}
          onChange={(id) => update({ representativeId: id ?? undefined })}
          style={{ width: 220 }}
        />
      ) : null}
      {hide.includes('clientType')
        ? null
        : select(
            'clientType',
            clientTypes.map((c) => ({ value: c, label: t(`enums:clientType.${c}`) })),
            query.clientType,
            160,
          )}
      {select(
        'organizationType',
        organizationTypes.map((c) => ({ value: c, label: t(`enums:organizationType.${c}`) })),
        query.organizationType,
        180,
      )}
      {select(
        'organizationSize',
        organizationSizes.map((c) => ({ value: c, label: t(`enums:organizationSize.${c}`) })),
        query.organizationSize,
        160,
      )}
      {children}
      {state.active > 0 ? (
        <Button
          onClick={() =>
            update({
              regionId: undefined,
              districtId: undefined,
              branchId: undefined,
              teamId: undefined,
              representativeId: undefined,
              clientType: undefined,
              organizationType: undefined,
              organizationSize: undefined,
            })
          }
        >
          {t('labels.reset')}
        </Button>
      ) : null}
    </FilterBar>
  );
}
