import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roles, type Role, type TestDefinition, type TestText } from '@pharma/contracts';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useUserOptions } from '../../users';
import { useBanks, useTestingWrites, useTests } from '../api/testing-api';
import { RowActions } from './row-actions';
import { emptyText, TextFields } from './text-fields';
import { useTestText } from './use-test-text';

interface TestForm {
  title: TestText;
  bankIds: number[];
  questionCount: number;
  timeLimitMinutes: number;
  passMark: number;
  attemptsAllowed: number;
  roles: Role[];
  userIds: number[];
  dueDate: string;
  active: boolean;
}

function TestModal({ test, onClose }: { test: TestDefinition | 'new'; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const { message } = App.useApp();
  const text = useTestText();
  const [form] = Form.useForm<TestForm>();
  const banks = useBanks();
  const people = useUserOptions();
  const { saveTest } = useTestingWrites();
  const initial: TestForm =
    test === 'new'
      ? {
          title: emptyText,
          bankIds: [],
          questionCount: 10,
          timeLimitMinutes: 15,
          passMark: 70,
          attemptsAllowed: 3,
          roles: ['rep'],
          userIds: [],
          dueDate: '',
          active: true,
        }
      : { ...test, dueDate: test.dueDate ?? '' };
  return (
    <Modal
      open
      width={640}
      title={test === 'new' ? t('tests.add') : t('tests.edit')}
      okText={t('actions.save')}
      confirmLoading={saveTest.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) =>
          saveTest.mutate(
            {
              id: test === 'new' ? undefined : test.id,
              body: { ...values, dueDate: values.dueDate || null, userIds: values.userIds ?? [] },
            },
            { onSuccess: onClose, onError: (e) => void message.error(errorMessage(e)) },
          )
        }
      >
        <TextFields name={['title']} label={t('tests.name')} />
        <Form.Item name="bankIds" label={t('tests.banks')} rules={[{ required: true, message: t('validation:required') }]}>
          <Select mode="multiple" options={(banks.data ?? []).map((b) => ({ value: b.id, label: `${text(b.name)} (${b.questionCount})` }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="questionCount" label={t('tests.questionCount')}>
            <InputNumber min={1} max={100} />
          </Form.Item>
          <Form.Item name="timeLimitMinutes" label={t('tests.timeLimit')}>
            <InputNumber min={1} max={600} />
          </Form.Item>
          <Form.Item name="passMark" label={t('tests.passMark')}>
            <InputNumber min={1} max={100} />
          </Form.Item>
          <Form.Item name="attemptsAllowed" label={t('tests.attempts')}>
            <InputNumber min={1} max={20} />
          </Form.Item>
        </Space>
        <Form.Item name="roles" label={t('tests.roles')}>
          <Select mode="multiple" options={roles.map((r) => ({ value: r, label: t(`enums:role.${r}`) }))} />
        </Form.Item>
        <Form.Item name="userIds" label={t('tests.users')} extra={t('tests.usersHint')} htmlFor="test-users">
          <Select
            id="test-users"
            mode="multiple"
            loading={people.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(people.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
          />
        </Form.Item>
        <Form.Item name="dueDate" label={t('tests.due')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="active" label={t('tests.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Tests (testing.edit): which banks they draw from, how many questions, the time, the pass mark, the attempts, to whom. */
export function TestsEditor() {
  const { t } = useTranslation('testing');
  const { message } = App.useApp();
  const text = useTestText();
  const canDelete = useCan('testing.delete');
  const tests = useTests();
  const { removeTest } = useTestingWrites();
  const [editing, setEditing] = useState<TestDefinition | 'new' | null>(null);
  return (
    <Card
      variant="borderless"
      title={t('tests.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('tests.add')}
        </Button>
      }
    >
      {tests.isError ? <QueryError error={tests.error} onRetry={() => void tests.refetch()} /> : null}
      <Table<TestDefinition>
        rowKey="id"
        size="small"
        loading={tests.isPending}
        dataSource={tests.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { key: 'title', title: t('tests.name'), render: (_, x) => text(x.title) },
          { key: 'questions', title: t('tests.questionCount'), dataIndex: 'questionCount', align: 'right' },
          { key: 'time', title: t('tests.timeLimit'), dataIndex: 'timeLimitMinutes', align: 'right' },
          { key: 'pass', title: t('tests.passMark'), render: (_, x) => `${x.passMark}%`, align: 'right' },
          { key: 'attempts', title: t('tests.attempts'), dataIndex: 'attemptsAllowed', align: 'right' },
          {
            key: 'roles',
            title: t('tests.roles'),
            render: (_, x) => (
              <>
                {x.roles.map((r) => (
                  <Tag key={r}>{t(`enums:role.${r}`)}</Tag>
                ))}
                {x.userIds.length ? <Tag>{t('tests.people', { count: x.userIds.length })}</Tag> : null}
              </>
            ),
          },
          { key: 'active', title: t('tests.active'), render: (_, x) => (x.active ? t('yes') : t('no')) },
          {
            key: 'actions',
            title: '',
            align: 'right',
            render: (_, x) => (
              <RowActions
                editLabel={t('tests.edit')}
                onEdit={() => setEditing(x)}
                canDelete={canDelete}
                deleteQuestion={t('tests.confirmDelete')}
                onDelete={() => removeTest.mutate(x.id, { onError: (e) => void message.error(errorMessage(e)) })}
              />
            ),
          },
        ]}
      />
      {editing ? <TestModal test={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
