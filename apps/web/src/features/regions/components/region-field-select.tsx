import { Select } from 'antd';
import { localized } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';
import { useRegions } from '../api/get-regions';

/** A form's region field: every region in the interface language, searchable, clearable (a Form.Item passes value and onChange). */
export function RegionFieldSelect(props: { value?: number | null; onChange?: (id: number | null) => void; id?: string }) {
  const lng = useLanguage();
  const regions = useRegions();
  return (
    <Select<number | null>
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={regions.isPending}
      options={(regions.data ?? []).map((r) => ({ value: r.id, label: localized(r.name, lng) }))}
    />
  );
}
