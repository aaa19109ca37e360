import { App, Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Switch } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxUnitWeightG, saveProductBody, unitsOfMeasure, type Country, type Product, type SaveProductBody, type UnitOfMeasure } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { MoneyInput } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { ProductArticles } from '../../knowledge';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { useCategoryTree } from './category-select';
import { CountrySelect } from './country-select';
import { ProducerSelect } from './producer-select';

/** What the drawer shows: a new product, or an existing one (read-only without stock.edit). */
export type ProductDrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number };

export function ProductFormDrawer({ target, onClose }: { target: ProductDrawerTarget | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const width = useWindowWidth();
  const canEdit = useCan('stock.edit');
  const canDelete = useCan('stock.delete');
  const id = target?.mode === 'edit' ? target.id : null;
  const product = useProduct(id);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const formId = 'product-form';
  const title = target?.mode === 'create' ? t('titles.createProduct') : canEdit ? t('titles.editProduct') : t('titles.product');

  let body;
  if (!target) body = null;
  else if (target.mode === 'create') body = <ProductForm key="new" formId={formId} canEdit={canEdit} onDone={onClose} create={create} update={update} />;
  else if (product.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (product.isError) body = <QueryError error={product.error} onRetry={() => void product.refetch()} retrying={product.isFetching} />;
  else
    body = (
      <>
        <ProductForm key={product.data.id} formId={formId} product={product.data} canEdit={canEdit} onDone={onClose} create={create} update={update} />
        <ProductArticles productId={product.data.id} />
      </>
    );

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      title={title}
      size={width < phoneBelowPx ? '100%' : 560}
      destroyOnHidden
      footer={
        canEdit && target ? (
          <Flex justify="space-between" gap={8}>
            <div>
              {canDelete && product.data && target.mode === 'edit' ? (
                <ConfirmButton
                  danger
                  icon={<DeleteOutlined />}
                  onConfirm={() =>
                    remove.mutateAsync(product.data.id).then(
                      () => {
                        void message.success(t('common:messages.deleted'));
                        onClose();
                      },
                      (error: unknown) => void message.error(errorMessage(error)),
                    )
                  }
                >
                  {t('common:actions.delete')}
                </ConfirmButton>
              ) : null}
            </div>
            <Flex gap={8}>
              <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
              <Button type="primary" htmlType="submit" form={formId} loading={create.isPending || update.isPending}>
                {t('common:actions.save')}
              </Button>
            </Flex>
          </Flex>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}

interface FormValues {
  name?: string;
  producerId?: number;
  country?: Country;
  unit?: UnitOfMeasure;
  price?: number | null;
  barcode?: string | null;
  categoryId?: number | null;
  subcategoryId?: number | null;
  weightG?: number | null;
  active?: boolean;
}

const toFormValues = (p: Product | undefined): FormValues =>
  p
    ? {
        name: p.name,
        producerId: p.producerId,
        country: p.country,
        unit: p.unit,
        price: p.price,
        weightG: p.weightG,
        barcode: p.barcode,
        categoryId: p.categoryId,
        subcategoryId: p.subcategoryId,
        active: p.active,
      }
    : { unit: 'package', active: true };

const toBody = (v: FormValues) => ({
  ...v,
  price: v.price ?? null,
  weightG: v.weightG ?? null,
  barcode: v.barcode ?? null,
  categoryId: v.categoryId ?? null,
  subcategoryId: v.subcategoryId ?? null,
});

interface FormProps {
  product?: Product;
  formId: string;
  canEdit: boolean;
  onDone: () => void;
  create: ReturnType<typeof useCreateProduct>;
  update: ReturnType<typeof useUpdateProduct>;
}

function ProductForm({ product, formId, canEdit, onDone, create, update }: FormProps) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const zf = useZodForm(saveProductBody);
  const categoryId = Form.useWatch('categoryId', zf.form);
  const { tree } = useCategoryTree();
  const subcategories = tree.find((c) => c.value === categoryId)?.children ?? [];

  const submit = (body: SaveProductBody) => {
    const done = (text: string) => {
      void message.success(text);
      onDone();
    };
    if (product) update.mutate({ id: product.id, body }, { onSuccess: () => done(t('common:messages.saved')), onError: zf.fail });
    else create.mutate(body, { onSuccess: () => done(t('messages.created')), onError: zf.fail });
  };

  const half = { xs: 24, sm: 12 };
  return (
    <Form<FormValues>
      id={formId}
      form={zf.form}
      layout="vertical"
      initialValues={toFormValues(product)}
      disabled={!canEdit}
      {...zf.submitHandlers(submit, toBody)}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="name" label={t('fields.name.label')} required rules={zf.rule('name')}>
            <Input maxLength={200} autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="producerId" label={t('fields.producer.label')} required rules={zf.rule('producerId')}>
            <ProducerSelect
              onChange={(id, producer) => {
                zf.form.setFieldValue('producerId', id);
                if (producer) zf.form.setFieldValue('country', producer.country);
              }}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="country" label={t('fields.country.label')} required rules={zf.rule('country')}>
            <CountrySelect />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="unit" label={t('fields.unit.label')} required rules={zf.rule('unit')}>
            <Select options={unitsOfMeasure.map((u) => ({ value: u, label: t(`enums:unitOfMeasure.${u}`) }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="price" label={t('fields.price.label')} rules={zf.rule('price')}>
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="weightG" label={t('fields.weightG.label')} rules={zf.rule('weightG')} extra={t('fields.weightG.help')}>
            <InputNumber min={1} max={maxUnitWeightG} precision={0} suffix={t('fields.weightG.unit')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="barcode" label={t('fields.barcode.label')} rules={zf.rule('barcode')} extra={t('messages.barcodeHint')}>
            <Input inputMode="numeric" maxLength={20} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="categoryId" label={t('fields.category.label')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={tree.map((c) => ({ value: c.value, label: c.title }))}
              onChange={() => zf.form.setFieldValue('subcategoryId', null)}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="subcategoryId" label={t('fields.subcategory.label')}>
            <Select
              allowClear
              disabled={!canEdit || subcategories.length === 0}
              showSearch={{ optionFilterProp: 'label' }}
              options={subcategories.map((c) => ({ value: c.value, label: c.title }))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="active" label={t('fields.active.label')} valuePropName="checked" extra={t('messages.activeHint')}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
