import { useState } from 'react';
import { App, Button, Card, Flex, Form, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createIncomeBody, dateFormat, type CreateIncomeBody } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { hrefOf } from '../../../lib/paths';
import { useTradeSettings } from '../../pricing';
import { useCreateIncome } from '../api/create-income';
import { headerBody, headerDefaults, IncomeHeaderFields, type HeaderValues } from '../components/income-header-fields';
import { IncomeLinesEditor, newLine, type LineValues } from '../components/income-lines-editor';

type FormValues = HeaderValues & { lines: LineValues[] };

const toBody = (v: FormValues) => ({
  ...headerBody(v),
  lines: (v.lines ?? []).map(({ key: _key, expiryDate, serialNumber, vatPercent, markupPercent, ...line }) => ({
    ...line,
    expiryDate: expiryDate ? expiryDate.format(dateFormat) : undefined,
    serialNumber: serialNumber || null,
    vatPercent: vatPercent ?? null,
    markupPercent: markupPercent ?? null,
  })),
});

/** A new income: the header, then its rows priced live; saving brings the rows in as batches. */
export function IncomeCreatePage() {
  const { t } = useTranslation('incomes');
  const settings = useTradeSettings();

  let body;
  if (settings.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (settings.isError) body = <QueryError error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  else body = <IncomeForm initial={{ ...headerDefaults(settings.data), lines: [newLine()] }} />;

  return (
    <>
      <PageHeader title={t('nav:titles.incomeCreate')} subtitle={t('messages.createHint')} />
      {body}
    </>
  );
}

function IncomeForm({ initial }: { initial: FormValues }) {
  const { t } = useTranslation('incomes');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const zf = useZodForm(createIncomeBody);
  const create = useCreateIncome();
  const [focusKey, setFocusKey] = useState<number | null>(null);

  const submit = (body: CreateIncomeBody) =>
    create.mutate(body, {
      onSuccess: (income) => {
        void message.success(t('messages.created', { number: income.number }));
        void navigate(hrefOf('incomeItem', { id: income.id }));
      },
      onError: zf.fail,
    });

  return (
    <Form<FormValues> form={zf.form} layout="vertical" initialValues={initial} {...zf.submitHandlers(submit, toBody)} className="income-form">
      <Card variant="borderless" styles={{ body: { padding: 16, paddingBottom: 0 } }} style={{ marginBottom: 12 }}>
        <IncomeHeaderFields schemaRule={zf.schemaRule} autoFocus />
      </Card>
      <Card variant="borderless" title={t('titles.lines')} styles={{ body: { padding: 12 } }}>
        <IncomeLinesEditor form={zf.form} schemaRule={zf.schemaRule} focusKey={focusKey} onAdd={setFocusKey} />
      </Card>
      <Flex justify="flex-end" gap={8} className="form-actions">
        <Button onClick={() => void navigate(hrefOf('incomes'))}>{t('common:actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending}>
          {t('actions.saveIncome')}
        </Button>
      </Flex>
    </Form>
  );
}
