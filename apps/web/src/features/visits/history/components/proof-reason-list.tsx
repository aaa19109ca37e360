import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import { describeProofReasons, type ProofFacts, type ProofReasonText } from './proof-reasons';

/** The doubts about a visit, one line each, with their figures and limits. */
export function ProofReasonList({ facts, className }: { facts: ProofFacts; className?: string }) {
  const { t } = useTranslation();
  const texts = describeProofReasons(facts);
  if (!texts.length) return null;
  return (
    <ul className={`proof-reasons ${className ?? ''}`}>
      {texts.map((text) => (
        <li key={text.reason} data-reason={text.reason}>
          {t(text.key, figures(text))}
        </li>
      ))}
    </ul>
  );
}

/** Figures as the product writes numbers (thousands grouped with spaces); `count` stays a number for plurals. */
export function figures(text: ProofReasonText): Record<string, number | string> {
  return Object.fromEntries(Object.entries(text.params).map(([key, value]) => [key, key === 'count' ? value : formatNumber(value)]));
}
