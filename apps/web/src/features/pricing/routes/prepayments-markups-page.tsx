import { App, Button, Card, Col, Flex, Form, InputNumber, Row, Skeleton, Table, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  clientTypes,
  maxMarkupPercent,
  maxPrepaymentPercent,
  maxVatPercent,
  saveTradeSettingsBody,
  tradeSettings,
  type TradeSettings,
} from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { useCan } from '../../../lib/permissions';
import { CategorySelect } from '../../catalog';
import { useSaveTradeSettings } from '../api/save-trade-settings';
import { useTradeSettings } from '../api/get-trade-settings';

/** Settings → Prepayments and markups: default markup by client type and by category, prepayment, VAT, short-dated days. */
export function PrepaymentsMarkupsPage() {
  const { t } = useTranslation('pricing');
  const query = useTradeSettings();
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <SettingsForm settings={query.data} />;
  return (
    <>
      <PageHeader title={t('nav:titles.prepaymentsMarkups')} />
      {body}
    </>
  );
}

type FormValues = TradeSettings;

function SettingsForm({ settings }: { settings: TradeSettings }) {
  const { t } = useTranslation('pricing');
  const { message } = App.useApp();
  const canEdit = useCan('settings.edit');
  const zf = useZodForm(saveTradeSettingsBody);
  const save = useSaveTradeSettings();
  const shape = tradeSettings.shape;
  const row = shape.categoryMarkups.element.shape;

  const submit = (body: TradeSettings) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        zf.form.setFieldsValue(saved);
        void message.success(t('common:messages.saved'));
      },
      onError: zf.fail,
    });

  const toBody = (v: FormValues) => ({
    ...v,
    categoryMarkups: (v.categoryMarkups ?? []).map((c) => ({ ...c, wholesale: c.wholesale ?? null, retail: c.retail ?? null })),
  });

  const percentInput = (max: number, label: string, autoFocus = false) => (
    <InputNumber<number> min={0} max={max} step={1} suffix="%" style={{ width: '100%' }} aria-label={label} autoFocus={autoFocus} />
  );

  return (
    <Form<FormValues> form={zf.form} layout="vertical" initialValues={settings} disabled={!canEdit} {...zf.submitHandlers(submit, toBody)}>
      <Row gutter={12}>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('titles.markups')} style={{ marginBottom: 12 }}>
            <Row gutter={12}>
              {clientTypes.map((type, i) => (
                <Col xs={24} sm={12} key={type}>
                  <Form.Item
                    name={['markups', type]}
                    label={t('fields.markup.label', { clientType: t(`enums:clientType.${type}`) })}
                    required
                    rules={[zf.schemaRule(shape.markups.shape[type])]}
                  >
                    {percentInput(maxMarkupPercent, t('fields.markup.label', { clientType: t(`enums:clientType.${type}`) }), i === 0)}
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('messages.markupHint')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('titles.prepaymentAndVat')} style={{ marginBottom: 12 }}>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name="prepaymentPercent" label={t('fields.prepaymentPercent.label')} required rules={zf.rule('prepaymentPercent')}>
                  {percentInput(maxPrepaymentPercent, t('fields.prepaymentPercent.label'))}
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="vatPercent" label={t('fields.vatPercent.label')} required rules={zf.rule('vatPercent')}>
                  {percentInput(maxVatPercent, t('fields.vatPercent.label'))}
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="shortDatedDays"
                  label={t('fields.shortDatedDays.label')}
                  required
                  rules={zf.rule('shortDatedDays')}
                  tooltip={t('messages.shortDatedHint')}
                >
                  <InputNumber<number> min={1} max={730} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title={t('titles.categoryMarkups')} styles={{ body: { padding: 12 } }}>
        <Typography.Paragraph type="secondary">{t('messages.categoryMarkupHint')}</Typography.Paragraph>
        <Form.List name="categoryMarkups">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                dataSource={fields}
                pagination={false}
                locale={{ emptyText: t('messages.noCategoryMarkups') }}
                scroll={{ x: true }}
                columns={[
                  {
                    key: 'category',
                    title: t('fields.category.label'),
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'categoryId']} className="line-item" rules={[zf.schemaRule(row.categoryId)]}>
                        <CategorySelect style={{ width: 300 }} aria-label={t('fields.category.label')} />
                      </Form.Item>
                    ),
                  },
                  ...clientTypes.map((type) => ({
                    key: type,
                    title: t('fields.markup.label', { clientType: t(`enums:clientType.${type}`) }),
                    render: (_: unknown, field: (typeof fields)[number]) => (
                      <Form.Item name={[field.name, type]} className="line-item" rules={[zf.schemaRule(row[type])]}>
                        <InputNumber<number>
                          min={0}
                          max={maxMarkupPercent}
                          step={1}
                          suffix="%"
                          style={{ width: 140 }}
                          placeholder={t('messages.defaultMarkup')}
                          aria-label={t('fields.markup.label', { clientType: t(`enums:clientType.${type}`) })}
                        />
                      </Form.Item>
                    ),
                  })),
                  {
                    key: 'remove',
                    width: 48,
                    title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
                    render: (_: unknown, field: (typeof fields)[number]) =>
                      canEdit ? (
                        <Tooltip title={t('common:actions.delete')}>
                          <Button
                            type="text"
                            danger
                            size="small"
                            icon={<DeleteOutlined />}
                            aria-label={t('common:actions.delete')}
                            onClick={() => remove(field.name)}
                          />
                        </Tooltip>
                      ) : null,
                  },
                ]}
              />
              {canEdit ? (
                <Button icon={<PlusOutlined />} onClick={() => add({ categoryId: undefined, wholesale: null, retail: null })} style={{ marginTop: 8 }}>
                  {t('actions.addCategoryMarkup')}
                </Button>
              ) : null}
            </>
          )}
        </Form.List>
      </Card>
      {canEdit ? (
        <Flex justify="flex-end" className="form-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Flex>
      ) : null}
    </Form>
  );
}
