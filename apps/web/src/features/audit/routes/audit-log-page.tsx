import { Card, Flex, Input, Select, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useAudit } from '../api/get-audit';
import { AuditChanges } from '../components/audit-changes';

const actionColors: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  activate: 'cyan',
  deactivate: 'orange',
  changePassword: 'purple',
};

/** Settings → Audit log: who changed what and when, newest first; filter by kind of record and its id. */
export function AuditLogPage() {
  const { t } = useTranslation('audit');
  const { page, size, filters, update } = useListParams(['entity', 'entityId'] as const);
  const query = useAudit({ page, size, entity: filters.entity, entityId: filters.entityId });
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { size: s } : { page: p }));
  const entities = Object.keys(t('enums:auditEntity', { returnObjects: true }) as Record<string, string>);

  const columns: TableProps<AuditEntry>['columns'] = [
    { key: 'at', title: t('fields.at.label'), width: 150, render: (_, e) => <span className="nowrap">{formatDateTime(e.at)}</span> },
    { key: 'actor', title: t('fields.actor.label'), render: (_, e) => e.actorName ?? <span className="cell-muted">—</span> },
    {
      key: 'record',
      title: t('fields.entity.label'),
      render: (_, e) => (
        <span className="nowrap">{t('messages.record', { entity: t(`enums:auditEntity.${e.entity}`, { defaultValue: e.entity }), id: e.entityId })}</span>
      ),
    },
    {
      key: 'action',
      title: t('fields.action.label'),
      render: (_, e) => (
        <Tag color={actionColors[e.action]} variant="filled">
          {t(`enums:auditAction.${e.action}`, { defaultValue: e.action })}
        </Tag>
      ),
    },
    { key: 'changes', title: t('fields.changes.label'), render: (_, e) => <AuditChanges entry={e} /> },
  ];

  return (
    <>
      <PageHeader title={t('nav:titles.auditLog')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap>
          <Select<string>
            aria-label={t('fields.entity.label')}
            placeholder={t('filters.allEntities')}
            allowClear
            value={filters.entity}
            onChange={(value) => update({ entity: value })}
            options={entities.map((e) => ({ value: e, label: t(`enums:auditEntity.${e}`) }))}
            style={{ width: 220 }}
          />
          <Input.Search
            aria-label={t('fields.entityId.label')}
            placeholder={t('fields.entityId.label')}
            allowClear
            defaultValue={filters.entityId}
            key={filters.entityId ?? ''}
            onSearch={(value) => update({ entityId: value.trim() || undefined })}
            style={{ width: 200 }}
          />
        </Flex>
        <DataTable<AuditEntry>
          query={query}
          rows={query.data?.items}
          rowKey="id"
          columns={columns}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          size="small"
        />
      </Card>
    </>
  );
}
