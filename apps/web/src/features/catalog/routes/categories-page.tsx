import { useState } from 'react';
import type { TableProps } from 'antd';
import { SubnodeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languages } from '@pharma/contracts';
import { ReferenceListPage, RowActionButton, RowActions, useActionsColumn } from '../../../components/reference';
import { hrefOf } from '../../../lib/paths';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useCategories } from '../api/get-categories';
import { useDeleteCategory } from '../api/delete-category';
import { CategoryFormModal, type CategoryTarget } from '../components/category-form-modal';
import { useCategoryTree, type CategoryNode } from '../components/category-select';

/** Stock → Categories: categories and their subcategories (two levels), named in the four languages. */
export function CategoriesPage() {
  const { t } = useTranslation(['catalog', 'regions']);
  const lng = useLanguage();
  const canEdit = useCan('stock.edit');
  const canDelete = useCan('stock.delete');
  const query = useCategories();
  const { tree } = useCategoryTree();
  const remove = useDeleteCategory();
  const [target, setTarget] = useState<CategoryTarget | null>(null);

  const actions = useActionsColumn<CategoryNode>(canEdit || canDelete, 120, (n) => (
    <RowActions
      before={
        canEdit && n.category.parentId === null ? (
          <RowActionButton
            title={t('actions.createSubcategory')}
            label={t('actions.createSubcategoryOf', { name: n.title })}
            icon={<SubnodeOutlined />}
            onClick={() => setTarget({ mode: 'create', parentId: n.value })}
          />
        ) : null
      }
      edit={canEdit && { label: t('actions.editNamed', { name: n.title }), onClick: () => setTarget({ mode: 'edit', category: n.category }) }}
      remove={canDelete && { label: t('actions.deleteNamed', { name: n.title }), onConfirm: () => remove.mutateAsync(n.value) }}
    />
  ));
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
    ...actions,
  ];

  return (
    <ReferenceListPage<CategoryNode>
      title={t('nav:titles.categories')}
      add={{ show: canEdit, label: t('actions.createCategory'), onClick: () => setTarget({ mode: 'create', parentId: null }) }}
      table={{ query, rows: tree, rowKey: 'value', columns, pagination: false, expandable: { defaultExpandAllRows: true } }}
    >
      {target ? <CategoryFormModal target={target} onClose={() => setTarget(null)} /> : null}
    </ReferenceListPage>
  );
}
