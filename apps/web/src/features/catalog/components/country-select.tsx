import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { countries, searchKey, type Country } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';

/** Countries of origin, named in the interface language. */
export function CountrySelect(props: Omit<SelectProps<Country>, 'options'>) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const options = countries.map((c) => ({ value: c, label: t(`enums:country.${c}`) })).sort((a, b) => a.label.localeCompare(b.label, lng));
  return (
    <Select<Country>
      showSearch={{
        filterOption: (input, option) => searchKey(String(option?.label ?? '')).includes(searchKey(input)) || option?.value === input.toUpperCase(),
      }}
      options={options}
      {...props}
    />
  );
}
