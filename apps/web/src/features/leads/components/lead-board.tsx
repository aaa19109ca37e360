import { useState, type DragEvent } from 'react';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeadBoard as Board, LeadStage, LeadSummary } from '@pharma/contracts';
import { formatPhone } from '../../../lib/format';
import { LeadSourceTag, useStageName } from './lead-labels';
import { useMoveToStage } from './use-move-to-stage';

interface Props {
  stages: LeadStage[] | undefined;
  board: Board | undefined;
  loading: boolean;
  canMove: boolean;
  onOpen: (id: number) => void;
}

/**
 * The pipeline as columns, one per stage in its order; a card is dragged (native HTML5 drag and drop)
 * onto another column to move the lead there — onto lost only after the reason is given.
 */
export function LeadBoard({ stages, board, loading, canMove, onOpen }: Props) {
  const stageName = useStageName();
  const { moveTo, modal } = useMoveToStage(stages);
  const [over, setOver] = useState<number | null>(null);
  if (!stages || (loading && !board)) return <Skeleton active />;

  const onDrop = (e: DragEvent<HTMLElement>, stageId: number) => {
    e.preventDefault();
    setOver(null);
    const id = Number(e.dataTransfer.getData('text/plain'));
    if (!canMove || !Number.isInteger(id) || id <= 0) return;
    const from = board?.columns.find((c) => c.items.some((l) => l.id === id));
    if (from?.stageId === stageId) return;
    moveTo(id, stageId);
  };

  return (
    <div className="lead-board" aria-busy={loading}>
      {stages.map((stage) => {
        const column = board?.columns.find((c) => c.stageId === stage.id);
        const name = stageName(stage);
        return (
          <section
            key={stage.id}
            className={`lead-board__column${over === stage.id ? ' lead-board__column--over' : ''}`}
            aria-label={name}
            data-stage-id={stage.id}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              if (over !== stage.id) setOver(stage.id);
            }}
            onDragLeave={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(null);
            }}
            onDrop={(e) => onDrop(e, stage.id)}
          >
            <Typography.Title level={5} className="lead-board__title">
              {name} <Typography.Text type="secondary">{column?.total ?? 0}</Typography.Text>
            </Typography.Title>
            <Flex vertical gap={8} role="list" className="lead-board__cards">
              {column?.items.length ? (
                column.items.map((lead) => <LeadCard key={lead.id} lead={lead} draggable={canMove} onOpen={onOpen} />)
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
              )}
            </Flex>
          </section>
        );
      })}
      {modal}
    </div>
  );
}

function LeadCard({ lead, draggable, onOpen }: { lead: LeadSummary; draggable: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation('leads');
  return (
    <Card
      size="small"
      hoverable
      role="listitem"
      className="lead-card"
      data-testid="lead-card"
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(lead.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => onOpen(lead.id)}
    >
      <div
        role="button"
        tabIndex={0}
        aria-label={lead.name}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onOpen(lead.id);
          }
        }}
      >
        <Typography.Text strong>{lead.name}</Typography.Text>
        <div className="lead-card__meta">
          <Typography.Text type="secondary">{t(`enums:organizationType.${lead.type}`)}</Typography.Text>
          {lead.contactPerson ? <div>{lead.contactPerson}</div> : null}
          {lead.phones[0] ? <div>{formatPhone(lead.phones[0])}</div> : null}
          <Flex gap={4} wrap align="center">
            <LeadSourceTag source={lead.source} />
            {lead.assignedName ? <Typography.Text type="secondary">{lead.assignedName}</Typography.Text> : null}
          </Flex>
        </div>
      </div>
    </Card>
  );
}
