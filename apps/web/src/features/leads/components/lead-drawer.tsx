import { App, Button, Descriptions, Drawer, Flex, Form, Select, Skeleton, Timeline, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized, type LeadStage } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { hrefOf } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useDeleteLead, useLead } from '../api/leads-api';
import { LeadSourceTag, StageKindTag, useStageName } from './lead-labels';
import { useMoveToStage } from './use-move-to-stage';

interface Props {
  id: number | undefined;
  phone: boolean;
  stages: LeadStage[] | undefined;
  onEdit: (id: number) => void;
  onClose: () => void;
}

/** One lead: its fields, its stage (a move), its stage history; edit, delete, convert a won lead. */
export function LeadDrawer({ id, phone, stages, onEdit, onClose }: Props) {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const lng = useLanguage();
  const canEdit = useCan('leads.edit');
  const canDelete = useCan('leads.delete');
  const query = useLead(id);
  const remove = useDeleteLead();
  const stageName = useStageName();
  const { moveTo, modal, moving } = useMoveToStage(stages);
  const lead = query.data;
  const nameOf = (stageId: number | null) => (stageId === null ? '—' : stageName(stages?.find((s) => s.id === stageId)));

  return (
    <Drawer open={!!id} onClose={onClose} title={lead?.name ?? t('title')} size={phone ? '100%' : 560} destroyOnHidden>
      {query.isError && !lead ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !lead ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16} data-testid="lead-drawer">
          <Form layout="vertical">
            <Form.Item label={t('fields.stage')} htmlFor="lead-stage" style={{ marginBottom: 0 }}>
              <Select
                id="lead-stage"
                value={lead.stageId}
                disabled={!canEdit || !!lead.organizationId}
                loading={moving}
                onChange={(stageId) => moveTo(lead.id, stageId)}
                options={(stages ?? []).map((s) => ({ value: s.id, label: stageName(s) }))}
              />
            </Form.Item>
          </Form>
          <Flex gap={8} wrap>
            <StageKindTag kind={lead.stageKind} />
            <LeadSourceTag source={lead.source} />
          </Flex>
          {lead.organizationId ? (
            <Typography.Text>
              {t('convertedTo')} <Link to={hrefOf('organization', { id: lead.organizationId })}>{lead.organizationName}</Link>
            </Typography.Text>
          ) : null}
          <Flex gap={8} wrap>
            {lead.stageKind === 'won' && !lead.organizationId && canEdit ? (
              <Button type="primary" onClick={() => void navigate(hrefOf('leadConvert', { id: lead.id }))}>
                {t('actions.convert')}
              </Button>
            ) : null}
            {canEdit ? <Button onClick={() => onEdit(lead.id)}>{t('common:actions.edit')}</Button> : null}
            {canDelete && !lead.organizationId ? (
              <ConfirmButton
                danger
                loading={remove.isPending}
                onConfirm={() =>
                  remove.mutate(lead.id, {
                    onSuccess: () => {
                      void message.success(t('messages.deleted'));
                      onClose();
                    },
                    onError: (error) => void message.error(errorMessage(error)),
                  })
                }
              >
                {t('common:actions.delete')}
              </ConfirmButton>
            ) : null}
          </Flex>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('fields.type')}>{t(`enums:organizationType.${lead.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.contactPerson')}>{lead.contactPerson ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.phones')}>{lead.phones.map((p) => formatPhone(p)).join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.region')}>{`${localized(lead.regionName, lng)}, ${localized(lead.districtName, lng)}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.address')}>{lead.address ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.inn')}>{lead.inn ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.assignee')}>{lead.assignedName ?? '—'}</Descriptions.Item>
            {lead.lostReason ? <Descriptions.Item label={t('lost.reason')}>{lead.lostReason}</Descriptions.Item> : null}
            <Descriptions.Item label={t('fields.notes')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{lead.notes ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(lead.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('history')}</Typography.Title>
            <Timeline
              items={lead.history.map((h, i) => ({
                key: i,
                content: (
                  <div>
                    <div>
                      {nameOf(h.fromStageId)} → {nameOf(h.toStageId)}
                    </div>
                    <Typography.Text type="secondary">
                      {formatDateTime(h.at)}
                      {h.userName ? ` · ${h.userName}` : ''}
                    </Typography.Text>
                    {h.lostReason ? <div>{t('lost.reasonValue', { reason: h.lostReason })}</div> : null}
                  </div>
                ),
              }))}
            />
          </div>
        </Flex>
      )}
      {modal}
    </Drawer>
  );
}
