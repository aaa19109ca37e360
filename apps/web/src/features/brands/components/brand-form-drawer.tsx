import { App, Button, Col, Drawer, Flex, Form, Input, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBrandBody, type Brand, type SaveBrandBody } from '@pharma/contracts';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useBrand } from '../api/get-brand';
import { useCreateBrand } from '../api/create-brand';
import { useUpdateBrand } from '../api/update-brand';

export type BrandDrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number };
const formId = 'brand-form';

/** A brand or counterparty with every field required (spec §5): name, inn, legal name and address, bank, account, mfo, delivery address. */
export function BrandFormDrawer({ target, canEdit, onClose }: { target: BrandDrawerTarget | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('brands');
  const width = useWindowWidth();
  const id = target?.mode === 'edit' ? target.id : null;
  const brand = useBrand(id);
  const create = useCreateBrand();
  const update = useUpdateBrand();

  let body;
  if (!target) body = null;
  else if (target.mode === 'create') body = <BrandForm key="new" canEdit={canEdit} onDone={onClose} mutations={{ create, update }} />;
  else if (brand.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (brand.isError) body = <QueryError error={brand.error} onRetry={() => void brand.refetch()} retrying={brand.isFetching} />;
  else body = <BrandForm key={brand.data.id} brand={brand.data} canEdit={canEdit} onDone={onClose} mutations={{ create, update }} />;

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      title={target?.mode === 'create' ? t('titles.create') : canEdit ? t('titles.edit') : t('titles.brand')}
      size={width < phoneBelowPx ? '100%' : 640}
      destroyOnHidden
      footer={
        canEdit && target ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button type="primary" htmlType="submit" form={formId} loading={create.isPending || update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Flex>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}

function BrandForm({
  brand,
  canEdit,
  onDone,
  mutations: { create, update },
}: {
  brand?: Brand;
  canEdit: boolean;
  onDone: () => void;
  mutations: { create: ReturnType<typeof useCreateBrand>; update: ReturnType<typeof useUpdateBrand> };
}) {
  const { t } = useTranslation('brands');
  const { message } = App.useApp();
  const zf = useZodForm(saveBrandBody);

  const submit = (body: SaveBrandBody) => {
    const done = (text: string) => {
      void message.success(text);
      onDone();
    };
    if (brand) update.mutate({ id: brand.id, body }, { onSuccess: () => done(t('common:messages.saved')), onError: zf.fail });
    else create.mutate(body, { onSuccess: () => done(t('messages.created')), onError: zf.fail });
  };

  const half = { xs: 24, sm: 12 };
  return (
    <Form<Partial<SaveBrandBody>>
      id={formId}
      form={zf.form}
      layout="vertical"
      initialValues={brand ?? {}}
      disabled={!canEdit}
      {...zf.submitHandlers(submit)}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label={t('fields.name.label')} required rules={zf.rule('name')}>
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="inn" label={t('fields.inn.label')} required rules={zf.rule('inn')}>
            <Input inputMode="numeric" maxLength={9} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="legalName" label={t('fields.legalName.label')} required rules={zf.rule('legalName')}>
            <Input maxLength={300} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="legalAddress" label={t('fields.legalAddress.label')} required rules={zf.rule('legalAddress')}>
            <Input maxLength={300} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="bankName" label={t('fields.bankName.label')} required rules={zf.rule('bankName')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="bankAccount" label={t('fields.bankAccount.label')} required rules={zf.rule('bankAccount')}>
            <Input inputMode="numeric" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="mfo" label={t('fields.mfo.label')} required rules={zf.rule('mfo')}>
            <Input inputMode="numeric" maxLength={5} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="deliveryAddress" label={t('fields.deliveryAddress.label')} required rules={zf.rule('deliveryAddress')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
