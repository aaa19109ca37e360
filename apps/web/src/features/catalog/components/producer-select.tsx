import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchKey, type Producer } from '@pharma/contracts';
import { useProducers } from '../api/get-producers';

/** A producer pick-list (all producers, filtered as typed in any script). */
export function ProducerSelect({
  onChange,
  ...props
}: Omit<SelectProps<number>, 'options' | 'loading' | 'onChange'> & { onChange?: (id: number | undefined, producer: Producer | undefined) => void }) {
  const { t } = useTranslation();
  const producers = useProducers();
  return (
    <Select<number>
      showSearch={{ filterOption: (input, option) => searchKey(String(option?.label ?? '')).includes(searchKey(input)) }}
      loading={producers.isPending}
      options={(producers.data ?? []).map((p) => ({ value: p.id, label: p.name, title: t(`enums:country.${p.country}`) }))}
      onChange={(id) =>
        onChange?.(
          id,
          producers.data?.find((p) => p.id === id),
        )
      }
      {...props}
    />
  );
}
