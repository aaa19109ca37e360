import { useState } from 'react';
import { App, Button, Card, Checkbox, Flex, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { questionKinds, type Question, type QuestionBank, type SaveQuestionBody, type TestText } from '@pharma/contracts';
import { QueryError } from '../../../components/query-error';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { ProductSelect } from '../../catalog';
import { useBanks, useQuestions, useTestingWrites } from '../api/testing-api';
import { RowActions } from './row-actions';
import { emptyText, TextFields } from './text-fields';
import { useTestText } from './use-test-text';

function useFail() {
  const { message } = App.useApp();
  return (error: unknown) => void message.error(errorMessage(error));
}

function BankModal({ bank, onClose }: { bank: QuestionBank | 'new'; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const [form] = Form.useForm<{ name: TestText; productId: number | null }>();
  const { saveBank } = useTestingWrites();
  const fail = useFail();
  return (
    <Modal
      open
      title={bank === 'new' ? t('banks.add') : t('banks.edit')}
      okText={t('actions.save')}
      confirmLoading={saveBank.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: bank === 'new' ? emptyText : bank.name, productId: bank === 'new' ? null : bank.productId }}
        onFinish={(values) =>
          saveBank.mutate(
            { id: bank === 'new' ? undefined : bank.id, body: { name: values.name, productId: values.productId ?? null } },
            { onSuccess: onClose, onError: fail },
          )
        }
      >
        <TextFields name={['name']} label={t('banks.name')} />
        {/* a bank about one product; empty: a topic */}
        <Form.Item name="productId" label={t('banks.product')} extra={t('banks.productHint')} htmlFor="bank-product">
          <ProductSelect id="bank-product" allowClear onlyActive={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface QuestionForm {
  kind: SaveQuestionBody['kind'];
  text: TestText;
  options: { text: TestText; correct: boolean }[];
  accepted: string[];
  active: boolean;
}

function QuestionModal({ bankId, question, onClose }: { bankId: number; question: Question | 'new'; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const [form] = Form.useForm<QuestionForm>();
  const kind = Form.useWatch('kind', form);
  const { saveQuestion } = useTestingWrites();
  const fail = useFail();
  const initial: QuestionForm =
    question === 'new'
      ? {
          kind: 'single',
          text: emptyText,
          options: [
            { text: emptyText, correct: true },
            { text: emptyText, correct: false },
          ],
          accepted: [],
          active: true,
        }
      : { kind: question.kind, text: question.text, options: question.options, accepted: question.accepted, active: question.active };
  return (
    <Modal
      open
      width={720}
      title={question === 'new' ? t('questions.add') : t('questions.edit')}
      okText={t('actions.save')}
      confirmLoading={saveQuestion.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) =>
          saveQuestion.mutate(
            { id: question === 'new' ? undefined : question.id, body: { ...values, bankId, options: values.options ?? [], accepted: values.accepted ?? [] } },
            {
              onSuccess: onClose,
              onError: (e) => {
                if (e instanceof ApiError && Object.keys(e.fields).length > 0)
                  form.setFields(Object.entries(e.fields).map(([field, msg]) => ({ name: field.split('.') as never, errors: [msg] })));
                fail(e);
              },
            },
          )
        }
      >
        <Form.Item name="kind" label={t('questions.kind')}>
          <Select options={questionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        <TextFields name={['text']} label={t('questions.text')} area />
        {kind === 'short' ? (
          <Form.Item name="accepted" label={t('questions.accepted')} extra={t('questions.acceptedHint')}>
            <Select mode="tags" open={false} aria-label={t('questions.accepted')} />
          </Form.Item>
        ) : (
          <Form.Item name="options" label={t('questions.options')}>
            <Form.List name="options">
              {(fields, { add, remove }) => (
                <Flex vertical gap={8}>
                  {fields.map((field) => (
                    <Card key={field.key} size="small">
                      <Form.Item
                        name={[field.name, 'text', 'ru']}
                        label={`${t('questions.option')} (${t('languages.ru')})`}
                        rules={[{ required: true, whitespace: true }]}
                      >
                        <Input />
                      </Form.Item>
                      <Form.Item name={[field.name, 'text', 'uz-Latn']} label={`${t('questions.option')} (${t('languages.uz-Latn')})`}>
                        <Input />
                      </Form.Item>
                      <Flex justify="space-between">
                        <Form.Item name={[field.name, 'correct']} valuePropName="checked" noStyle>
                          <Checkbox>{t('questions.correct')}</Checkbox>
                        </Form.Item>
                        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('actions.delete')} />
                      </Flex>
                    </Card>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ text: emptyText, correct: false })}>
                    {t('questions.addOption')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          </Form.Item>
        )}
        <Form.Item name="active" label={t('questions.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Question banks and their questions (testing.edit): the right answers are seen and written only here. */
export function BanksEditor() {
  const { t } = useTranslation('testing');
  const text = useTestText();
  const canDelete = useCan('testing.delete');
  const banks = useBanks();
  const [bankId, setBankId] = useState<number>();
  const current = bankId ?? banks.data?.[0]?.id;
  const questions = useQuestions(current);
  const { removeBank, removeQuestion } = useTestingWrites();
  const fail = useFail();
  const [editingBank, setEditingBank] = useState<QuestionBank | 'new' | null>(null);
  const [editingQuestion, setEditingQuestion] = useState<Question | 'new' | null>(null);
  return (
    <Flex vertical gap={12}>
      {banks.isError ? <QueryError error={banks.error} onRetry={() => void banks.refetch()} /> : null}
      <Card
        variant="borderless"
        title={t('banks.title')}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setEditingBank('new')}>
            {t('banks.add')}
          </Button>
        }
      >
        <Table<QuestionBank>
          rowKey="id"
          size="small"
          loading={banks.isPending}
          dataSource={banks.data ?? []}
          pagination={false}
          rowSelection={{ type: 'radio', selectedRowKeys: current ? [current] : [], onChange: (keys) => setBankId(Number(keys[0])) }}
          onRow={(b) => ({ onClick: () => setBankId(b.id) })}
          columns={[
            { key: 'name', title: t('banks.name'), render: (_, b) => text(b.name) },
            { key: 'product', title: t('banks.product'), render: (_, b) => b.productName ?? '—' },
            { key: 'count', title: t('banks.questionCount'), dataIndex: 'questionCount', align: 'right' },
            {
              key: 'actions',
              title: '',
              align: 'right',
              render: (_, b) => (
                <RowActions
                  editLabel={t('banks.edit')}
                  onEdit={() => setEditingBank(b)}
                  canDelete={canDelete}
                  deleteQuestion={t('banks.confirmDelete')}
                  onDelete={() => removeBank.mutate(b.id, { onError: fail })}
                />
              ),
            },
          ]}
        />
      </Card>
      {current ? (
        <Card
          variant="borderless"
          title={t('questions.title')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingQuestion('new')}>
              {t('questions.add')}
            </Button>
          }
        >
          <Table<Question>
            rowKey="id"
            size="small"
            loading={questions.isPending}
            dataSource={questions.data ?? []}
            pagination={false}
            scroll={{ x: 600 }}
            columns={[
              { key: 'text', title: t('questions.text'), render: (_, q) => <Typography.Text>{text(q.text)}</Typography.Text> },
              { key: 'kind', title: t('questions.kind'), render: (_, q) => <Tag>{t(`kinds.${q.kind}`)}</Tag> },
              {
                key: 'right',
                title: t('questions.rightAnswer'),
                render: (_, q) =>
                  q.kind === 'short'
                    ? q.accepted.join('; ')
                    : q.options
                        .filter((o) => o.correct)
                        .map((o) => text(o.text))
                        .join('; '),
              },
              { key: 'active', title: t('questions.active'), render: (_, q) => (q.active ? t('yes') : t('no')) },
              {
                key: 'actions',
                title: '',
                align: 'right',
                render: (_, q) => (
                  <RowActions
                    editLabel={t('questions.edit')}
                    onEdit={() => setEditingQuestion(q)}
                    canDelete={canDelete}
                    deleteQuestion={t('questions.confirmDelete')}
                    onDelete={() => removeQuestion.mutate(q.id, { onError: fail })}
                  />
                ),
              },
            ]}
          />
        </Card>
      ) : null}
      {editingBank ? <BankModal bank={editingBank} onClose={() => setEditingBank(null)} /> : null}
      {editingQuestion && current ? <QuestionModal bankId={current} question={editingQuestion} onClose={() => setEditingQuestion(null)} /> : null}
    </Flex>
  );
}
