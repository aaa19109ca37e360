import { Flex, Tooltip } from 'antd';
import { ExclamationCircleFilled, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isQuestionableScore, type VisitSummary } from '@pharma/contracts';
import { figures } from './proof-reason-list';
import { describeProofReasons } from './proof-reasons';
import { ReviewTag } from './review-tag';

export const isQuestionable = (v: Pick<VisitSummary, 'proofScore' | 'review'>) => v.review !== null || isQuestionableScore(v.proofScore);

export function scoreTone(score: number): 'good' | 'fair' | 'poor' {
  if (isQuestionableScore(score)) return 'poor';
  return score < 100 ? 'fair' : 'good';
}

/**
 * The visit-proof score of a completed visit: the number, a 'questionable' marker with its review
 * state, and the reasons spelled out in a tooltip (and for screen readers).
 */
export function ProofScore({ visit }: { visit: VisitSummary }) {
  const { t } = useTranslation('visitHistory');
  if (visit.proofScore === null) return <span className="cell-muted">—</span>;
  const reasons = describeProofReasons(visit).map((r) => t(r.key, figures(r)));
  const questionable = isQuestionable(visit);
  const explanation = reasons.length ? reasons.join('; ') : undefined;
  const score = (
    <span className={`proof-score proof-score--${scoreTone(visit.proofScore)}`} aria-label={t('labels.proofScore', { score: visit.proofScore })}>
      {visit.proofScore}
    </span>
  );
  return (
    <Flex gap={6} align="center" wrap className="proof-cell">
      {score}
      {questionable ? (
        <Tooltip title={<ReasonTooltip reasons={reasons} />}>
          <span className="proof-flag" tabIndex={0} role="note" aria-label={`${t('labels.questionable')}: ${explanation ?? ''}`}>
            <ExclamationCircleFilled /> {t('labels.questionable')}
          </span>
        </Tooltip>
      ) : reasons.length ? (
        <Tooltip title={<ReasonTooltip reasons={reasons} />}>
          <InfoCircleOutlined className="proof-info" tabIndex={0} role="note" aria-label={explanation} />
        </Tooltip>
      ) : null}
      {visit.review ? <ReviewTag review={visit.review} /> : null}
    </Flex>
  );
}

function ReasonTooltip({ reasons }: { reasons: string[] }) {
  return (
    <ul className="proof-reasons proof-reasons--tooltip">
      {reasons.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}
