import { Card, Descriptions, Flex, Skeleton, Statistic } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { hrefOf } from '../../../lib/paths';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { exportIncomeProjection } from '../api/export-income-projection';
import { useIncome } from '../api/get-income';
import { IncomeLinesTable } from '../components/income-lines-table';

/** One income: its header, totals and received positions with today's balances. */
export function IncomePage() {
  const { t } = useTranslation(['incomes', 'stock']);
  const moneyTitle = useMoneyTitle();
  const id = Number(useParams().id);
  const query = useIncome(Number.isInteger(id) ? id : 0);
  const back = (
    <LinkButton to={hrefOf('incomes')} icon={<ArrowLeftOutlined />}>
      {t('actions.backToIncomes')}
    </LinkButton>
  );

  if (query.isPending && id > 0) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !query.data) {
    return (
      <>
        <PageHeader title={t('nav:titles.incomeItem')} extra={back} />
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  const income = query.data;
  return (
    <>
      <PageHeader
        title={t('titles.income', { number: income.number, date: formatDate(income.date) })}
        extra={
          <>
            {back}
            <DownloadButton run={() => exportIncomeProjection({ incomeId: income.id })}>{t('stock:actions.export')}</DownloadButton>
          </>
        }
      />
      <Card variant="borderless" style={{ marginBottom: 12 }}>
        <Flex gap={24} wrap justify="space-between">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            style={{ flex: '1 1 520px' }}
            items={[
              { key: 'warehouse', label: t('stock:columns.warehouseName'), children: income.warehouseName },
              { key: 'supplier', label: t('stock:columns.supplier'), children: income.supplier },
              { key: 'invoice', label: t('fields.supplierInvoice.label'), children: income.supplierInvoice ?? '—' },
              { key: 'vat', label: t('stock:columns.vatPercent'), children: formatPercent(income.vatPercent) },
              { key: 'markup', label: t('stock:columns.markupPercent'), children: formatPercent(income.markupPercent) },
              { key: 'created', label: t('fields.createdBy.label'), children: `${income.createdByName ?? '—'} · ${formatDateTime(income.createdAt)}` },
              ...(income.comment ? [{ key: 'comment', label: t('stock:columns.comment'), children: income.comment, span: 3 }] : []),
            ]}
          />
          <Flex gap={24} wrap>
            <Statistic title={t('fields.lineCount.label')} value={formatNumber(income.lineCount)} />
            <Statistic title={t('stock:columns.quantity')} value={formatNumber(income.quantity)} />
            <Statistic title={moneyTitle(t('stock:columns.sumBaseWithVat'))} value={formatMoney(income.sumBaseWithVat)} />
            <Statistic title={moneyTitle(t('stock:columns.sumSale'))} value={formatMoney(income.sumSale)} />
          </Flex>
        </Flex>
      </Card>
      <Card variant="borderless" title={t('titles.lines')} styles={{ body: { padding: 12 } }}>
        <IncomeLinesTable income={income} />
      </Card>
    </>
  );
}
