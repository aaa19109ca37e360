import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCategoryBody, type Category } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { LocalizedNameFields } from '../../regions';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { useCategoryTree } from './category-select';

export type CategoryTarget = { mode: 'create'; parentId: number | null } | { mode: 'edit'; category: Category };

/** Add or edit a category (or a subcategory: one with a parent), named in the four languages. */
export function CategoryFormModal({ target, onClose }: { target: CategoryTarget; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const { tree } = useCategoryTree();
  const editing = target.mode === 'edit' ? target.category : null;
  const hasChildren = !!editing && tree.some((c) => c.value === editing.id && c.children?.length);
  const nameShape = saveCategoryBody.shape.name.shape;

  return (
    <ReferenceFormModal
      schema={saveCategoryBody}
      id={editing?.id ?? null}
      create={useCreateCategory()}
      update={useUpdateCategory()}
      title={editing ? t('titles.editCategory') : t('titles.createCategory')}
      initialValues={editing ? { parentId: editing.parentId, name: editing.name } : { parentId: target.mode === 'create' ? target.parentId : null }}
      transform={(v: { parentId?: number | null }) => ({ ...v, parentId: v.parentId ?? null })}
      onClose={onClose}
      width={640}
    >
      {(zf) => (
        <>
          <Form.Item name="parentId" label={t('fields.parentCategory.label')} extra={t('messages.parentHint')}>
            <Select
              allowClear
              disabled={hasChildren}
              showSearch={{ optionFilterProp: 'label' }}
              options={tree.filter((c) => c.value !== editing?.id).map((c) => ({ value: c.value, label: c.title }))}
            />
          </Form.Item>
          <LocalizedNameFields form={zf.form} ruleFor={(l) => zf.schemaRule(nameShape[l])} />
        </>
      )}
    </ReferenceFormModal>
  );
}
