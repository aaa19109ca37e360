import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeadStage } from '@pharma/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useMoveLead } from '../api/leads-api';
import { LostReasonModal } from './lost-reason-modal';
import { useStageName } from './lead-labels';

/**
 * Moving a lead to a stage: to lost only after its reason is given. The success message comes once the
 * server answered and the board has been read again.
 */
export function useMoveToStage(stages: LeadStage[] | undefined) {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const move = useMoveLead();
  const stageName = useStageName();
  const [pending, setPending] = useState<{ id: number; stageId: number } | null>(null);

  const run = (id: number, stageId: number, lostReason?: string) =>
    move.mutate(
      { id, stageId, lostReason },
      {
        onSuccess: () => {
          setPending(null);
          void message.success(t('messages.moved', { stage: stageName(stages?.find((s) => s.id === stageId)) }));
        },
        onError: (error) => void message.error(errorMessage(error)),
      },
    );

  const moveTo = (id: number, stageId: number) => {
    const stage = stages?.find((s) => s.id === stageId);
    if (stage?.kind === 'lost') setPending({ id, stageId });
    else run(id, stageId);
  };

  const modal = (
    <LostReasonModal
      open={!!pending}
      saving={move.isPending}
      onCancel={() => setPending(null)}
      onOk={(reason) => pending && run(pending.id, pending.stageId, reason)}
    />
  );
  return { moveTo, modal, moving: move.isPending };
}
