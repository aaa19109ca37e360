import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages } from '@pharma/contracts';

/** A test's text in the four languages: Russian required, the others shown as Russian while empty. */
export function TextFields({ name, label, area = false }: { name: (string | number)[]; label: string; area?: boolean }) {
  const { t } = useTranslation('testing');
  return (
    <>
      {languages.map((lng) => (
        <Form.Item
          key={lng}
          name={[...name, lng]}
          label={`${label} (${t(`languages.${lng}`)})`}
          rules={lng === 'ru' ? [{ required: true, whitespace: true, message: t('validation:required') }] : []}
        >
          {area ? <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} /> : <Input />}
        </Form.Item>
      ))}
    </>
  );
}

export const emptyText = { ru: '', en: '', 'uz-Latn': '', 'uz-Cyrl': '' };
