import { useTranslation } from 'react-i18next';
import { describeProofReasons, type ProofFacts } from './proof-reasons';

/** The doubts about a visit, one line each, with their figures and limits. */
export function ProofReasonList({ facts, className }: { facts: ProofFacts; className?: string }) {
  const { t } = useTranslation();
  const texts = describeProofReasons(facts);
  if (!texts.length) return null;
  return (
    <ul className={`proof-reasons ${className ?? ''}`}>
      {texts.map((text) => (
        <li key={text.reason} data-reason={text.reason}>
          {t(text.key, text.params)}
        </li>
      ))}
    </ul>
  );
}
