import { Button, Form, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

const maxPhones = 5;

/** Up to five phone numbers (+998 and 9 digits), each validated with the contracts' phone schema. */
export function PhonesInput({ label, rule }: { label: string; rule: Rule }) {
  const { t } = useTranslation();
  return (
    <Form.List name="phones">
      {(fields, { add, remove }) => (
        <Form.Item label={label} className="phones-input">
          <Space orientation="vertical" style={{ width: '100%' }} size={8}>
            {fields.map((field, index) => (
              <Space.Compact key={field.key} style={{ width: '100%' }}>
                <Form.Item name={field.name} noStyle rules={[rule]} validateTrigger={['onBlur', 'onChange']}>
                  <Input inputMode="tel" autoComplete="tel" placeholder="+998 90 123 45 67" aria-label={t('fields.phone.label', { number: index + 1 })} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('actions.removePhone', { number: index + 1 })} />
              </Space.Compact>
            ))}
            {fields.length < maxPhones ? (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
                {t('actions.addPhone')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
