import { App, Checkbox, Form, Input, Modal, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxConversationTitleLength, type ConversationKind } from '@pharma/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { RegionFieldSelect } from '../../regions';
import { useCreateConversation, usePeople } from '../api/messages-api';

interface Values {
  kind: ConversationKind;
  person?: number;
  title?: string;
  memberIds?: number[];
  team?: boolean;
  regionId?: number | null;
}

/** One-to-one with a colleague (the existing conversation opens if there is one), or a group with a title. */
export function NewConversationModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'direct';
  const people = usePeople(open);
  const create = useCreateConversation();
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: `${p.fullName} · ${p.position}` }));

  const submit = (values: Values) =>
    create.mutate(
      values.kind === 'direct'
        ? { kind: 'direct', memberIds: values.person ? [values.person] : [] }
        : { kind: 'group', title: values.title, memberIds: values.memberIds ?? [], team: !!values.team, regionId: values.regionId ?? null },
      {
        onSuccess: (conversation) => {
          form.resetFields();
          onCreated(conversation.id);
        },
        onError: (error) => {
          if (isApiError(error))
            form.setFields(
              Object.entries(error.fields).map(([name, text]) => ({
                name: (name === 'memberIds' && values.kind === 'direct' ? 'person' : name.split('.')[0]) as keyof Values,
                errors: [text],
              })),
            );
          void message.error(errorMessage(error));
        },
      },
    );

  const required = [{ required: true, message: t('validation:required') }];
  return (
    <Modal
      open={open}
      title={t('actions.new')}
      onCancel={onClose}
      okText={t('actions.start')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ kind: 'direct', team: false }} id="new-conversation-form">
        <Form.Item name="kind" label={t('form.kind')}>
          <Segmented
            block
            options={[
              { value: 'direct', label: t('form.direct') },
              { value: 'group', label: t('form.group') },
            ]}
          />
        </Form.Item>
        {kind === 'direct' ? (
          <Form.Item name="person" label={t('form.person')} rules={required}>
            <Select showSearch optionFilterProp="label" loading={people.isPending} options={options} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="title" label={t('form.title')} rules={[{ ...required[0], whitespace: true }]}>
              <Input maxLength={maxConversationTitleLength} />
            </Form.Item>
            <Form.Item name="memberIds" label={t('form.members')}>
              <Select mode="multiple" showSearch optionFilterProp="label" loading={people.isPending} options={options} />
            </Form.Item>
            <Form.Item name="team" valuePropName="checked">
              <Checkbox>{t('form.team')}</Checkbox>
            </Form.Item>
            <Form.Item name="regionId" label={t('form.region')}>
              <RegionFieldSelect />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
