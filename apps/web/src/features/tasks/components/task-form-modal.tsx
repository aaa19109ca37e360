import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taskPriorities, type TaskPriority } from '@pharma/contracts';
import { api, errorMessage, isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useCreateTasks } from '../api/tasks-api';

interface Values {
  title: string;
  description?: string;
  assigneeIds: number[];
  dueAt?: Dayjs | null;
  priority: TaskPriority;
  checklist?: string;
}

/**
 * A new task: to oneself, or to each of one's team as copies (the people offered are those in the
 * user's scope; the server checks again). The checklist is typed one item per line.
 */
export function TaskFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const me = useSession().user;
  const [form] = Form.useForm<Values>();
  const people = useQuery({ queryKey: ['users', 'options'], queryFn: ({ signal }) => api.users.options({ signal }), enabled: open });
  const create = useCreateTasks();
  // one who may give tasks only to themselves (a rep) has themselves chosen already
  const onlyMe = people.data?.length === 1 && people.data[0]!.id === me?.id;
  useEffect(() => {
    if (onlyMe && open) form.setFieldValue('assigneeIds', [me!.id]);
  }, [onlyMe, open, form, me]);
  const submit = (values: Values) =>
    create.mutate(
      {
        title: values.title,
        description: values.description,
        assigneeIds: values.assigneeIds,
        dueAt: values.dueAt ? values.dueAt.toISOString() : null,
        priority: values.priority,
        checklist: (values.checklist ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      },
      {
        onSuccess: ({ ids }) => {
          void message.success(ids.length > 1 ? t('createdMany', { count: ids.length }) : t('created'));
          form.resetFields();
          onClose();
        },
        onError: (error) => {
          if (isApiError(error))
            form.setFields(Object.entries(error.fields).map(([name, text]) => ({ name: name.split('.')[0] as keyof Values, errors: [text] })));
          void message.error(errorMessage(error));
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('new')}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ priority: 'normal', assigneeIds: [] }} requiredMark id="task-form">
        <Form.Item name="title" label={t('fields.title')} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item name="assigneeIds" label={t('fields.assignees')} rules={[{ required: true, message: t('validation:required') }]}>
          <Select
            mode="multiple"
            loading={people.isPending}
            optionFilterProp="label"
            options={(people.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
          />
        </Form.Item>
        <Form.Item name="dueAt" label={t('fields.dueAt')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="priority" label={t('fields.priority')}>
          <Select options={taskPriorities.map((p) => ({ value: p, label: t(`priorities.${p}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item name="checklist" label={t('fields.checklist')} extra={t('fields.checklistHint')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
