import { Button, Col, Form, Input, Row, type FormInstance } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { languages, latinToCyrillic, type Language } from '@pharma/contracts';

/** The name of a place in the four interface languages; Uzbek Cyrillic can be filled from the Latin spelling. */
export function LocalizedNameFields({ form, ruleFor }: { form: FormInstance; ruleFor: (lng: Language) => Rule }) {
  const { t } = useTranslation('regions');
  const fillCyrillic = () => {
    const latin = form.getFieldValue(['name', 'uz-Latn']) as string | undefined;
    if (latin) form.setFieldValue(['name', 'uz-Cyrl'], latinToCyrillic(latin));
  };
  return (
    <Row gutter={12}>
      {languages.map((lng) => (
        <Col key={lng} xs={24} sm={12}>
          <Form.Item name={['name', lng]} label={t(`fields.name.${lng}`)} required rules={[ruleFor(lng)]}>
            <Input lang={lng} maxLength={120} />
          </Form.Item>
        </Col>
      ))}
      <Col span={24}>
        <Button size="small" icon={<TranslationOutlined />} onClick={fillCyrillic} style={{ marginBottom: 16 }}>
          {t('actions.fillCyrillic')}
        </Button>
      </Col>
    </Row>
  );
}
