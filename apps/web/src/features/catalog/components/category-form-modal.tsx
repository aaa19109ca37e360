import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type languages, saveCategoryBody, type Category, type SaveCategoryBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { LocalizedNameFields } from '../../regions';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { useCategoryTree } from './category-select';
import { EnterSubmits } from '../../../components/enter-submits';

export type CategoryTarget = { mode: 'create'; parentId: number | null } | { mode: 'edit'; category: Category };

/** Add or edit a category (or a subcategory: one with a parent), named in the four languages. */
export function CategoryFormModal({ target, onClose }: { target: CategoryTarget; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const zf = useZodForm(saveCategoryBody);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const { tree } = useCategoryTree();
  const editing = target.mode === 'edit' ? target.category : null;
  const hasChildren = !!editing && tree.some((c) => c.value === editing.id && c.children?.length);
  const nameShape = saveCategoryBody.shape.name.shape;

  const submit = (body: SaveCategoryBody) => {
    const onSuccess = () => {
      void message.success(t('common:messages.saved'));
      onClose();
    };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  const initial = editing ? { parentId: editing.parentId, name: editing.name } : { parentId: target.mode === 'create' ? target.parentId : null };
  return (
    <Modal
      open
      title={editing ? t('titles.editCategory') : t('titles.createCategory')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={zf.form}
        layout="vertical"
        initialValues={initial}
        {...zf.submitHandlers(submit, (v: { parentId?: number | null }) => ({ ...v, parentId: v.parentId ?? null }))}
      >
        <Form.Item name="parentId" label={t('fields.parentCategory.label')} extra={t('messages.parentHint')}>
          <Select
            allowClear
            disabled={hasChildren}
            showSearch={{ optionFilterProp: 'label' }}
            options={tree.filter((c) => c.value !== editing?.id).map((c) => ({ value: c.value, label: c.title }))}
          />
        </Form.Item>
        <LocalizedNameFields form={zf.form} ruleFor={(lng: (typeof languages)[number]) => zf.schemaRule(nameShape[lng])} />
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
