import { useState } from 'react';
import { App, Button, Flex, Tooltip } from 'antd';
import { EditOutlined, HistoryOutlined, PlayCircleOutlined, StopOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canTransition, editableVisitStatuses, visitActorOf, type VisitSummary } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useCancelVisit } from '../api/visit-status';
import { useOpensVisitScreen, useOpenVisit } from './use-open-visit';

/** What the signed-in user may do with a visit: edit (before it starts), cancel (the state machine), open. */
export function useVisitAbilities() {
  const canEdit = useCan('visits.edit');
  const userId = useSession().user?.id;
  return (visit: Pick<VisitSummary, 'status' | 'representativeId'>) => ({
    edit: canEdit && editableVisitStatuses.includes(visit.status),
    cancel: canEdit && canTransition(visit.status, 'cancelled', visitActorOf(visit, userId)),
  });
}

/**
 * The row or card actions of a visit: open (the visit screen for its representative, the
 * organization's history for others), edit, cancel after 'Do you really want to cancel?'.
 * `compact` shows icons only with their names as tooltips (a dense table).
 */
export function VisitActions({
  visit,
  onEdit,
  compact = false,
  card = false,
  size,
}: {
  visit: VisitSummary;
  onEdit: (visit: VisitSummary) => void;
  compact?: boolean;
  /** on a card: the main action across the card, the others shared below it */
  card?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation('visits');
  const { message } = App.useApp();
  const abilities = useVisitAbilities()(visit);
  const open = useOpenVisit();
  const toVisitScreen = useOpensVisitScreen()(visit);
  const cancel = useCancelVisit();
  const [opening, setOpening] = useState(false);

  const openLabel = toVisitScreen ? (visit.status === 'in_progress' ? t('actions.continueVisit') : t('actions.startVisit')) : t('actions.history');
  const openIcon = toVisitScreen ? visit.status === 'in_progress' ? <ArrowRightOutlined /> : <PlayCircleOutlined /> : <HistoryOutlined />;
  const label = (text: string, node: React.ReactElement) => (compact ? <Tooltip title={text}>{node}</Tooltip> : node);

  const openButton = label(
    openLabel,
    <Button
      size={size}
      type={toVisitScreen && !compact ? 'primary' : 'default'}
      icon={openIcon}
      loading={opening}
      block={card}
      aria-label={compact ? openLabel : undefined}
      onClick={() => {
        setOpening(true);
        void open(visit).finally(() => setOpening(false));
      }}
    >
      {compact ? null : openLabel}
    </Button>,
  );
  const editButton = abilities.edit
    ? label(
        t('common:actions.edit'),
        <Button
          size={size}
          icon={<EditOutlined />}
          aria-label={compact ? t('common:actions.edit') : undefined}
          onClick={() => onEdit(visit)}
          className="visit-actions__secondary"
        >
          {compact ? null : t('common:actions.edit')}
        </Button>,
      )
    : null;
  const cancelButton = abilities.cancel ? (
    <ConfirmButton
      size={size}
      danger
      icon={<StopOutlined />}
      loading={cancel.isPending}
      aria-label={compact ? t('actions.cancelVisit') : undefined}
      title={compact ? t('actions.cancelVisit') : undefined}
      question={t('messages.confirmCancel')}
      className="visit-actions__secondary"
      onConfirm={() =>
        cancel.mutate(
          { visit },
          { onSuccess: () => void message.success(t('messages.cancelled')), onError: (error) => void message.error(errorMessage(error)) },
        )
      }
    >
      {compact ? null : card ? t('actions.cancelShort') : t('actions.cancelVisit')}
    </ConfirmButton>
  ) : null;

  if (card) {
    return (
      <Flex vertical gap={8} className="visit-actions visit-actions--card">
        {openButton}
        {editButton || cancelButton ? (
          <Flex gap={8}>
            {editButton}
            {cancelButton}
          </Flex>
        ) : null}
      </Flex>
    );
  }
  return (
    <Flex gap={8} wrap className="visit-actions">
      {openButton}
      {editButton}
      {cancelButton}
    </Flex>
  );
}
