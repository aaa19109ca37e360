import { Button } from 'antd';
import { LazyDropdown } from './lazy-dropdown';
import { FontSizeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { componentSizes } from '@pharma/contracts';
import { usePreferences, type ComponentSize } from '../lib/preferences';

/** Small / medium / large controls everywhere (antd componentSize). */
export function SizeSwitch() {
  const { t } = useTranslation();
  const { size, setSize } = usePreferences();
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: componentSizes.map((value) => ({ key: value, label: t(`sizes.${value}`) })),
        onClick: ({ key }) => setSize(key as ComponentSize),
      }}
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label={t('fields.size.label')} title={t('fields.size.label')} />
    </LazyDropdown>
  );
}
