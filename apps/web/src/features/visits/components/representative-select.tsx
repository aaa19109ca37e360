import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from '../../users';
import { useSeesTeam } from './visit-filters';
import { filterChoice } from '../../organizations';

/**
 * A medical representative in the signed-in user's scope (a chief: their team; a boss: everybody
 * under them; an administrator: all). For filters (clearable) and the plan form.
 */
export function RepresentativeSelect({
  value,
  onChange,
  id,
  allowClear,
  placeholder,
  style,
  ariaLabel,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  allowClear?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  ariaLabel?: string;
}) {
  const { t } = useTranslation('visits');
  const options = useUserOptions('rep');
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear={allowClear}
      showSearch={{ filterOption: filterChoice }}
      loading={options.isFetching}
      placeholder={placeholder ?? t('fields.representativeId.placeholder')}
      options={(options.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
      notFoundContent={options.isError ? t('common:messages.loadError') : undefined}
      style={style}
    />
  );
}

/**
 * The representative filter of the visit lists: shown only to a user who sees more than their own
 * visits; clearable ('All representatives').
 */
export function RepresentativeFilter({
  value,
  onChange,
  width = 260,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  width?: number | string;
}) {
  const { t } = useTranslation('visits');
  if (!useSeesTeam()) return null;
  return (
    <RepresentativeSelect
      allowClear
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      placeholder={t('filters.allRepresentatives')}
      ariaLabel={t('fields.representativeId.label')}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
