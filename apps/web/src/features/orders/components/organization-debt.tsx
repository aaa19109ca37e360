import { Alert, Flex, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ageingBuckets, type AgeingBucket } from '@pharma/contracts';
import { useMoneyTitle } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { formatMoney } from '../../../lib/format';
import { useOrganizationDebt } from '../api/payments-api';

const bucketColors: Record<AgeingBucket, string> = { upTo30: 'green', upTo60: 'gold', upTo90: 'orange', over90: 'red' };
const danger = '#cf1322';

/**
 * An organization's debt (issue 6): the total, its ageing by days since delivery, what is overdue by the
 * deferral days (none: from the day after delivery, decision 022), the credit limit and what is left of it, red when exceeded. Shown to the operator on
 * /orders-item and to the rep when ordering.
 */
export function OrganizationDebt({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const query = useOrganizationDebt(organizationId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const debt = query.data;
  const limitExceeded = debt.creditLeft !== null && debt.creditLeft < 0;
  return (
    <Flex vertical gap={12} data-testid="organization-debt">
      <Flex gap={24} wrap>
        <Statistic title={moneyTitle(t('debt.total'))} value={formatMoney(debt.total)} styles={{ content: debt.exceeded ? { color: danger } : undefined }} />
        <Statistic
          title={moneyTitle(t('debt.overdue'))}
          value={formatMoney(debt.overdue)}
          styles={{ content: debt.overdue > 0 ? { color: danger } : undefined }}
        />
        <Statistic title={moneyTitle(t('debt.creditLimit'))} value={debt.creditLimit === null ? t('debt.noCredit') : formatMoney(debt.creditLimit)} />
        <Statistic
          title={moneyTitle(t('debt.creditLeft'))}
          value={debt.creditLeft === null ? '—' : formatMoney(debt.creditLeft)}
          styles={{ content: limitExceeded ? { color: danger } : undefined }}
        />
      </Flex>
      <Flex gap={6} wrap align="center" aria-label={t('debt.ageing')}>
        <Typography.Text type="secondary">{t('debt.ageing')}:</Typography.Text>
        {ageingBuckets.map((bucket) => (
          <Tag key={bucket} color={debt.buckets[bucket] > 0 ? bucketColors[bucket] : undefined}>
            {t(`enums:ageingBucket.${bucket}`)}: {t('common:money.amount', { amount: formatMoney(debt.buckets[bucket]) })}
          </Tag>
        ))}
        <Typography.Text type="secondary">{debt.creditDays !== null ? t('debt.creditDays', { count: debt.creditDays }) : t('debt.noDeferral')}</Typography.Text>
      </Flex>
      {limitExceeded ? <Alert type="error" showIcon title={t('debt.limitExceeded', { amount: formatMoney(-(debt.creditLeft ?? 0)) })} /> : null}
      {debt.overdue > 0 ? (
        <Alert type="error" showIcon title={t('debt.hasOverdue', { amount: formatMoney(debt.overdue), count: debt.creditDays ?? 0 })} />
      ) : null}
    </Flex>
  );
}
