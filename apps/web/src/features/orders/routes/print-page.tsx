import { Breadcrumb, Button, Flex, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { hrefOf } from '../../../lib/paths';
import { idFilter } from '../../../lib/use-list-params';
import { useSpecification } from '../api/specification-api';
import { SpecificationButtons } from '../components/specification-buttons';
import { SpecificationSheet } from '../components/specification-sheet';

/** /print?id=ID: the order's specification as an A4 sheet; the app's chrome and the buttons stay off the paper. */
export function PrintPage() {
  const { t } = useTranslation('specification');
  const [params] = useSearchParams();
  const id = idFilter(params.get('id') ?? undefined) ?? 0;
  const query = useSpecification(id);
  const header = <PageHeader title={t('nav:titles.print')} />;

  if (id <= 0) {
    return (
      <>
        {header}
        <EmptyState description={t('messages.noOrder')} />
      </>
    );
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError) {
    return (
      <>
        {header}
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  const spec = query.data;
  const itemPath = hrefOf('ordersItem', {}, { id: spec.order.id });
  return (
    <>
      <div className="no-print spec-toolbar">
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={[
            { title: <Link to={hrefOf('orders')}>{t('nav:titles.orders')}</Link> },
            { title: <Link to={itemPath}>№ {spec.order.number}</Link> },
            { title: t('nav:titles.print') },
          ]}
        />
        <Flex gap={8} wrap justify="space-between">
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('actions.print')}
          </Button>
          <Flex gap={8} wrap>
            <SpecificationButtons orderId={spec.order.id} print={false} />
            <LinkButton to={itemPath}>{t('actions.back')}</LinkButton>
          </Flex>
        </Flex>
      </div>
      <SpecificationSheet spec={spec} />
    </>
  );
}
