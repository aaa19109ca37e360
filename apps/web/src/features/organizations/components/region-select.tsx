import { Select } from 'antd';
import { filterChoice, useRegionChoices } from './region-choices';

/** A region filter: the regions in the interface language (a representative's own territories only), searchable in either script. */
export function RegionSelect({
  value,
  onChange,
  label,
  placeholder,
  width = 200,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label: string;
  placeholder: string;
  width?: number;
}) {
  const choices = useRegionChoices();
  return (
    <Select<number>
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: filterChoice }}
      loading={choices.loading}
      value={value}
      onChange={onChange}
      options={choices.regions}
      style={{ width }}
    />
  );
}
