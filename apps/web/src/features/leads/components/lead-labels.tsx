import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type LeadSource, type LeadStage, type LeadStageKind } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';

const kindColor: Record<LeadStageKind, string> = { open: 'blue', won: 'green', lost: 'red' };

export function LeadSourceTag({ source }: { source: LeadSource }) {
  const { t } = useTranslation('leads');
  return <Tag>{t(`enums:leadSource.${source}`)}</Tag>;
}

export function StageKindTag({ kind, label }: { kind: LeadStageKind; label?: string }) {
  const { t } = useTranslation('leads');
  return <Tag color={kindColor[kind]}>{label ?? t(`enums:leadStageKind.${kind}`)}</Tag>;
}

/** A stage's name in the interface language. */
export function useStageName() {
  const lng = useLanguage();
  return (stage: Pick<LeadStage, 'name'> | undefined) => (stage ? localized(stage.name, lng) : '');
}
