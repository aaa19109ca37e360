import { useState } from 'react';
import { App, Button, Card, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { languages, saveLeadStageBody, type LeadStage, type SaveLeadStageBody } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useLeadStages, useStageChanges } from '../api/leads-api';
import { StageKindTag, useStageName } from '../components/lead-labels';

/** /settings/lead-stages: the pipeline's stages — rename any, add, reorder and remove the open ones. */
export function LeadStagesPage() {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const canEdit = useCan('settings.edit');
  const stages = useLeadStages();
  const changes = useStageChanges();
  const stageName = useStageName();
  const [editing, setEditing] = useState<LeadStage | 'new' | null>(null);
  const items = stages.data ?? [];
  const open = items.filter((s) => s.kind === 'open');
  const fail = (error: unknown) => void message.error(errorMessage(error));

  const shift = (stage: LeadStage, by: -1 | 1) => {
    const ids = open.map((s) => s.id);
    const i = ids.indexOf(stage.id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    changes.reorder.mutate(ids, { onError: fail });
  };

  return (
    <div>
      <PageHeader
        title={t('nav:titles.leadStages')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('stages.add')}
            </Button>
          ) : null
        }
      />
      {stages.isError ? <QueryError error={stages.error} onRetry={() => void stages.refetch()} /> : null}
      <Card variant="borderless">
        <Table<LeadStage>
          rowKey="id"
          size="small"
          loading={stages.isPending || changes.reorder.isPending}
          dataSource={items}
          pagination={false}
          columns={[
            { key: 'name', title: t('stages.name'), render: (_, s) => <Typography.Text strong>{stageName(s)}</Typography.Text> },
            { key: 'kind', title: t('stages.kind'), render: (_, s) => <StageKindTag kind={s.kind} /> },
            { key: 'count', title: t('stages.leadCount'), dataIndex: 'leadCount', align: 'right' },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: '',
                    align: 'right' as const,
                    render: (_: unknown, s: LeadStage) => {
                      const i = open.findIndex((o) => o.id === s.id);
                      return (
                        <Flex gap={4} justify="flex-end">
                          {s.kind === 'open' ? (
                            <>
                              <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('stages.up')} disabled={i <= 0} onClick={() => shift(s, -1)} />
                              <Button
                                size="small"
                                icon={<ArrowDownOutlined />}
                                aria-label={t('stages.down')}
                                disabled={i >= open.length - 1}
                                onClick={() => shift(s, 1)}
                              />
                            </>
                          ) : null}
                          <Button size="small" icon={<EditOutlined />} aria-label={t('stages.rename')} onClick={() => setEditing(s)} />
                          {s.kind === 'open' ? (
                            <ConfirmButton
                              size="small"
                              danger
                              onConfirm={() => changes.remove.mutate(s.id, { onSuccess: () => void message.success(t('stages.deleted')), onError: fail })}
                            >
                              {t('common:actions.delete')}
                            </ConfirmButton>
                          ) : null}
                        </Flex>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <StageModal stage={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function StageModal({ stage, onClose }: { stage: LeadStage | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const zf = useZodForm(saveLeadStageBody);
  const changes = useStageChanges();
  const existing = stage && stage !== 'new' ? stage : null;
  const saving = changes.create.isPending || changes.update.isPending;
  const onValid = (body: SaveLeadStageBody) => {
    const done = {
      onSuccess: () => {
        void message.success(t('common:messages.saved'));
        onClose();
      },
      onError: zf.fail,
    };
    if (existing) changes.update.mutate({ id: existing.id, body }, done);
    else changes.create.mutate(body, done);
  };
  return (
    <Modal
      open={!!stage}
      title={existing ? t('stages.rename') : t('stages.add')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={zf.form} layout="vertical" initialValues={existing ? { name: existing.name } : undefined} {...zf.submitHandlers(onValid)}>
        {languages.map((lng) => (
          <Form.Item key={lng} name={['name', lng]} label={t(`stages.nameIn.${lng}`)} required>
            <Input lang={lng} maxLength={60} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
