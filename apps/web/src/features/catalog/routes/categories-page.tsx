import { useState } from 'react';
import { App, Button, Card, Flex, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languages } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { hrefOf } from '../../../lib/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useCategories } from '../api/get-categories';
import { useDeleteCategory } from '../api/delete-category';
import { CategoryFormModal, type CategoryTarget } from '../components/category-form-modal';
import { useCategoryTree, type CategoryNode } from '../components/category-select';

/** Stock → Categories: categories and their subcategories (two levels), named in the four languages. */
export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { message } = App.useApp();
  const canEdit = useCan('stock.edit');
  const canDelete = useCan('stock.delete');
  const query = useCategories();
  const { tree } = useCategoryTree();
  const remove = useDeleteCategory();
  const [target, setTarget] = useState<CategoryTarget | null>(null);

  const columns: TableProps<CategoryNode>['columns'] = [
    { key: 'name', title: t('fields.categoryName.label'), render: (_, n) => n.title },
    ...languages
      .filter((l) => l !== lng)
      .map((l) => ({
        key: l,
        title: t(`regions:fields.name.${l}`),
        responsive: ['lg' as const],
        render: (_: unknown, n: CategoryNode) => (
          <span className="cell-muted" lang={l}>
            {n.category.name[l]}
          </span>
        ),
      })),
    {
      key: 'productCount',
      title: t('fields.productCount.label'),
      align: 'right',
      render: (_, n) => <Link to={hrefOf('products', {}, { categoryId: n.value })}>{formatNumber(n.category.productCount)}</Link>,
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      width: 120,
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, n) => (
        <Flex gap={4} justify="flex-end">
          {canEdit && n.category.parentId === null ? (
            <Tooltip title={t('actions.createSubcategory')}>
              <Button
                type="text"
                size="small"
                icon={<SubnodeOutlined />}
                aria-label={t('actions.createSubcategoryOf', { name: n.title })}
                onClick={() => setTarget({ mode: 'create', parentId: n.value })}
              />
            </Tooltip>
          ) : null}
          {canEdit ? (
            <Tooltip title={t('common:actions.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('actions.editNamed', { name: n.title })}
                onClick={() => setTarget({ mode: 'edit', category: n.category })}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <ConfirmButton
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.deleteNamed', { name: n.title })}
              onConfirm={() =>
                remove.mutateAsync(n.value).then(
                  () => void message.success(t('common:messages.deleted')),
                  (error: unknown) => void message.error(errorMessage(error)),
                )
              }
            />
          ) : null}
        </Flex>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('nav:titles.categories')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', parentId: null })}>
              {t('actions.createCategory')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <DataTable<CategoryNode>
          query={query}
          rows={tree}
          rowKey="value"
          columns={columns}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          scroll={{ x: true }}
        />
      </Card>
      {target ? <CategoryFormModal target={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}
