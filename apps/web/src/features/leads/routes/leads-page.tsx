import { Button, Flex, Segmented, Select } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { leadSources, type LeadSource } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useLeadBoard, useLeadStages } from '../api/leads-api';
import { LeadBoard } from '../components/lead-board';
import { LeadDrawer } from '../components/lead-drawer';
import { LeadFormModal } from '../components/lead-form-modal';
import { LeadImportModal } from '../components/lead-import-modal';
import { LeadStatsView } from '../components/lead-stats';
import { LeadTable } from '../components/lead-table';
import '../leads.css';

type View = 'board' | 'list' | 'stats';
const isSource = (value: string | undefined): value is LeadSource => (leadSources as readonly string[]).includes(value ?? '');

/**
 * /leads (issue 18): the pipeline as a board (drag a card to another stage), a list, or statistics;
 * search and a source filter; a lead opens in a drawer (`?lead=<id>`), is added or changed in a form
 * (`?edit=new|<id>`; `?phone=` starts a new one with a caller's number), and leads are imported from an .xlsx file.
 */
export function LeadsPage() {
  const { t } = useTranslation('leads');
  const phone = useWindowWidth() < phoneBelowPx;
  const canEdit = useCan('leads.edit');
  const { page, size, sort, filters, update } = useListParams(['q', 'source', 'view', 'lead', 'edit', 'stage', 'from', 'to', 'import', 'phone'] as const);
  const view: View = filters.view === 'list' || filters.view === 'stats' ? filters.view : 'board';
  const source = isSource(filters.source) ? filters.source : undefined;
  const q = filters.q && filters.q.length >= 4 ? filters.q : undefined;
  const stages = useLeadStages();
  const board = useLeadBoard({ q, source }, view === 'board');
  const leadId = idFilter(filters.lead);
  const editId = idFilter(filters.edit);
  const keep = { page };

  return (
    <div className="leads-page">
      <PageHeader
        title={t('title')}
        extra={
          canEdit ? (
            <Flex gap={8} wrap>
              <Button icon={<ImportOutlined />} onClick={() => update({ import: 1, ...keep })}>
                {t('import.open')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ edit: 'new', ...keep })}>
                {t('addLead')}
              </Button>
            </Flex>
          ) : null
        }
      />
      <Flex gap={8} wrap align="center" className="leads-toolbar">
        <Segmented
          value={view}
          onChange={(v) => update({ view: v === 'board' ? undefined : v })}
          options={[
            { value: 'board', label: t('views.board') },
            { value: 'list', label: t('views.list') },
            { value: 'stats', label: t('views.stats') },
          ]}
        />
        {view !== 'stats' ? (
          <>
            <Select
              aria-label={t('fields.source')}
              style={{ minWidth: 180 }}
              value={source ?? ''}
              onChange={(v) => update({ source: v || undefined })}
              options={[{ value: '', label: t('filters.allSources') }, ...leadSources.map((s) => ({ value: s, label: t(`enums:leadSource.${s}`) }))]}
            />
            <SearchInput value={filters.q} onSearch={(value) => update({ q: value })} label={t('filters.search')} />
          </>
        ) : null}
      </Flex>
      {stages.isError ? <QueryError error={stages.error} onRetry={() => void stages.refetch()} /> : null}
      {board.isError && view === 'board' ? <QueryError error={board.error} onRetry={() => void board.refetch()} /> : null}
      {view === 'board' ? (
        <LeadBoard stages={stages.data} board={board.data} loading={board.isFetching} canMove={canEdit} onOpen={(id) => update({ lead: id, ...keep })} />
      ) : view === 'list' ? (
        <LeadTable
          stages={stages.data}
          page={page}
          size={size}
          sort={sort}
          stageId={idFilter(filters.stage)}
          filters={{ q, source }}
          update={update}
          onOpen={(id) => update({ lead: id, ...keep })}
        />
      ) : (
        <LeadStatsView stages={stages.data} from={filters.from} to={filters.to} onRange={(range) => update(range)} />
      )}
      <LeadDrawer
        id={leadId}
        phone={phone}
        stages={stages.data}
        onEdit={(id) => update({ edit: id, ...keep })}
        onClose={() => update({ lead: undefined, ...keep })}
      />
      {/* ?phone=: a new lead for the unknown number of an incoming call (the call's popup links here) */}
      <LeadFormModal
        open={canEdit && (filters.edit === 'new' || !!editId || !!filters.phone)}
        id={editId ?? null}
        callerPhone={filters.phone}
        onClose={() => update({ edit: undefined, phone: undefined, ...keep })}
      />
      <LeadImportModal open={canEdit && filters.import === '1'} onClose={() => update({ import: undefined, ...keep })} />
    </div>
  );
}
