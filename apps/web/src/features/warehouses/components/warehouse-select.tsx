import { Select, type SelectProps } from 'antd';
import { searchKey } from '@pharma/contracts';
import { useWarehouses } from '../api/get-warehouses';

/** A warehouse pick-list; `onlyActive` for documents (an inactive one still shows when it is the value). */
export function WarehouseSelect({ onlyActive = false, ...props }: { onlyActive?: boolean } & Omit<SelectProps<number>, 'options' | 'loading'>) {
  const warehouses = useWarehouses();
  const options = (warehouses.data ?? []).filter((w) => !onlyActive || w.active || w.id === props.value).map((w) => ({ value: w.id, label: w.name }));
  return (
    <Select<number>
      showSearch={{ filterOption: (input, option) => searchKey(String(option?.label ?? '')).includes(searchKey(input)) }}
      loading={warehouses.isPending}
      options={options}
      {...props}
    />
  );
}
